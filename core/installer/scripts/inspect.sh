# Says what the installer needs to know, one key=value per line.
echo "arch=$(uname -m)"
if [ -r /etc/os-release ]; then
    (. /etc/os-release; echo "os=${PRETTY_NAME:-${ID:-}}"; echo "os_id=${ID:-}"; echo "os_like=${ID_LIKE:-}")
fi
echo "home=$HOME"
echo "uid=$(id -u)"
echo "user=$(id -un)"
echo "free_kb=$(df -Pk "$HOME" 2>/dev/null | awk 'NR==2 {print $4}')"
echo "bin_dir=$HG_BIN"
echo "agent_config=$HG_AGENT_CONFIG"
echo "state_dir=$HG_STATE"
echo "unit_dir=$HG_UNIT_DIR"
echo "unit=$HG_UNIT"
echo "launcher=$HG_LAUNCHER"
echo "manifest_path=$HG_MANIFEST"
have ldd && echo "ldd=yes"
user_systemd && echo "user_systemd=yes"
have crontab && echo "crontab=yes"
have loginctl && echo "loginctl=yes"
[ -d /run/systemd/system ] && echo "systemd_running=yes"
if have sudo; then
    echo "sudo=yes"
    sudo -n true 2>/dev/null && echo "sudo_nopasswd=yes"
fi
have dpkg && echo "dpkg_arch=$(dpkg --print-architecture 2>/dev/null)"
have apt-get && echo "apt=yes"
if have dpkg-query; then
    st=$(dpkg-query -W -f='${db:Status-Abbrev}|${Version}' hamgam-agent 2>/dev/null)
    case "$st" in ii*) echo "package_version=${st#*|}" ;; esac
fi
if [ -f "$HG_MANIFEST" ]; then
    echo "manifest=yes"
    sed 's/^/manifest./' "$HG_MANIFEST"
fi
if [ -x "$HG_BIN/hamgam-agent" ]; then
    v=$("$HG_BIN/hamgam-agent" --version 2>/dev/null) && echo "user_version=${v#hamgam-agent }"
fi
[ -f "$HG_AGENT_CONFIG/node-id" ] && echo "user_node_id=$(cat "$HG_AGENT_CONFIG/node-id")"
if user_systemd; then echo "user_unit=$(systemctl --user is-active hamgam-agent.service 2>/dev/null)"; fi
if have systemctl && [ -d /run/systemd/system ]; then
    echo "system_unit=$(systemctl is-active hamgam-agent.service 2>/dev/null)"
fi
agent_pid >/dev/null && echo "pid_running=yes"
exit 0
