as_root sh -c 'if [ -f "$1" ]; then cat "$1"; else echo "#absent"; fi' sh "$HG_SYSTEM_CONFIG/trusted-controllers.json"
