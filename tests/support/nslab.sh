# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# What the namespace labs share (sourced by netns-hosts.sh and switch-emu/switches.sh): a lab is the network
# namespaces PREFIX1, PREFIX2, ..., each joined to the bridge BRIDGE by a veth whose root side is VPREFIXi, with an
# sshd in each. The sourcing script sets PREFIX, VPREFIX and BRIDGE.

lab_namespaces() { ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${PREFIX}[0-9]+\$" || true; }

# lab_teardown DIR: every process in a lab namespace (the sshd listeners and their sessions) and those in DIR/pids,
# then the namespaces (deleting one destroys its veth pair), leftover veths and the bridge. Idempotent.
lab_teardown() {
    local dir=$1 ns pids link
    for ns in $(lab_namespaces); do
        pids=$(ip netns pids "$ns" 2>/dev/null || true)
        [[ -n $pids ]] && kill -KILL $pids 2>/dev/null || true
    done
    if [[ -n $dir && -f $dir/pids ]]; then
        # shellcheck disable=SC2046
        kill -KILL $(cat "$dir/pids") 2>/dev/null || true
    fi
    for ns in $(lab_namespaces); do
        ip netns delete "$ns" 2>/dev/null || true
    done
    for link in $(ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | sed 's/@.*//' | grep -E "^${VPREFIX}[0-9]+\$" || true); do
        ip link delete "$link" 2>/dev/null || true
    done
    ip link delete "$BRIDGE" 2>/dev/null || true
}

# wait_banner ADDRESS SECONDS: waits until the sshd at ADDRESS:22 sends its "SSH-" banner (not just a listening
# socket); fails after SECONDS. It asks again after 50 ms, then less and less often (up to once a second): 1 000 of
# these asking every 50 ms forked 20 000 times a second, the load average reached 600 on 2 cores, and the sshd they
# waited for could not start (850 of 1 000 sent no banner within 62 s, 2026-12-07).
wait_banner() {
    local addr=$1 deadline=$((SECONDS + $2)) banner pause=5
    while ((SECONDS < deadline)); do
        if banner=$(timeout 2 bash -c "exec 3<>/dev/tcp/$addr/22 && head -c 4 <&3" 2>/dev/null) \
            && [[ $banner == SSH- ]]; then
            return 0
        fi
        sleep "0.$(printf '%02d' "$pause")"
        ((pause = pause * 2 > 99 ? 99 : pause * 2))
    done
    return 1
}
