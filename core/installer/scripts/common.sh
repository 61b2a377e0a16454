# Prelude of every script the SSH installer runs on a machine (POSIX sh, fed on
# stdin to `sh -s`, so secrets never appear in a process's arguments). The
# installer puts its variables (HG_*) above this text.
set -u
HG_CONFIG=${XDG_CONFIG_HOME:-$HOME/.config}
HG_DATA=${XDG_DATA_HOME:-$HOME/.local/share}
HG_BIN=$HOME/.local/bin
HG_AGENT_CONFIG=$HG_CONFIG/hamgam-agent
HG_STATE=$HG_DATA/hamgam-agent
HG_MANIFEST=$HG_STATE/install.manifest
HG_UNIT_DIR=$HG_CONFIG/systemd/user
HG_UNIT=$HG_UNIT_DIR/hamgam-agent.service
HG_LAUNCHER=$HG_STATE/run-agent
HG_PIDFILE=$HG_STATE/agent.pid
HG_SYSTEM_CONFIG=/var/lib/hamgam-agent
HG_CRON_TAG='# hamgam-agent'

have() { command -v "$1" >/dev/null 2>&1; }

# systemctl --user works only with a user manager (systemd, a login session or linger).
user_systemd() { have systemctl && systemctl --user show-environment >/dev/null 2>&1; }

# Creates a directory and its missing parents, printing each one it created.
make_dir() {
    [ -d "$1" ] && return 0
    make_dir "$(dirname "$1")" || return 1
    mkdir "$1" || return 1
    echo "created=$1"
}

# Whether a process exists and is not a zombie waiting to be reaped.
alive() {
    kill -0 "$1" 2>/dev/null || return 1
    case "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" in Z) return 1 ;; esac
    return 0
}

# The agent started without systemd: its pid, when that process is still a hamgam-agent.
agent_pid() {
    [ -f "$HG_PIDFILE" ] || return 1
    pid=$(cat "$HG_PIDFILE" 2>/dev/null)
    [ -n "$pid" ] && alive "$pid" || return 1
    case "$(tr '\000' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" in
    *hamgam-agent*) echo "$pid"; return 0 ;;
    esac
    return 1
}

stop_pid() {
    if pid=$(agent_pid); then
        kill "$pid" 2>/dev/null
        i=0
        while alive "$pid" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
        kill -9 "$pid" 2>/dev/null
    fi
    rm -f "$HG_PIDFILE"
}

remove_cron_entry() {
    have crontab || return 0
    current=$(crontab -l 2>/dev/null) || return 0
    case "$current" in *"$HG_CRON_TAG"*) ;; *) return 0 ;; esac
    rest=$(printf '%s\n' "$current" | grep -v -F "$HG_CRON_TAG")
    if [ -z "$rest" ]; then crontab -r; else printf '%s\n' "$rest" | crontab -; fi
}

# Runs a command as root: directly, or through sudo with the password on its stdin.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif [ -n "${HG_SUDO_PW:-}" ]; then
        printf '%s\n' "$HG_SUDO_PW" | sudo -S -k -p '' "$@"
    else
        sudo -n "$@"
    fi
}
