#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The exported Ansible project on the real lab guests: the built-in engine applies the plan (state read in the
# guests) and rolls it back; then Debian's ansible-playbook runs `rocepilot-cli export ansible`'s project for the
# same plan and must reach the same state, read by the guests' own tools and by RoCE Pilot's verify; a second
# run changes nothing; check mode changes nothing. The guests are then put back as they were.
. "$(dirname "$0")/common.sh"
export RP_JOURNAL_DIR=$OUT/journals ANSIBLE_NOCOLOR=1
command -v ansible-playbook >/dev/null || die "ansible-playbook is missing (bash installer/deps.sh)"
RAW='
printf "mtu data0 %s\n" "$(cat /sys/class/net/data0/mtu)"
printf "egress data0.2 "; sed -n "s/^ *EGRESS priority mappings: //p" /proc/net/vlan/data0.2 | tr " " "\n" | grep -v ":0$" | grep . | tr "\n" " "; echo
# rdma_cm keeps its defaults in the kernel, not in configfs: read them through a directory made for the read
d=/sys/kernel/config/rdma_cm/rxe0 made=
[ -d $d ] && echo "rdma_cm dir present" || { echo "rdma_cm dir absent"; mkdir $d && made=1; }
for f in $d/ports/1/default_roce_mode $d/ports/1/default_roce_tos; do printf "%s %s\n" "$f" "$(cat "$f")"; done
[ -n "$made" ] && rmdir $d
'
raw() { gssh "$1" sh -s <<<"$RAW" 2>&1; }
recap() { grep -E "^$2 +:" "$1" | sed -n "s/.* $3=\([0-9]*\).*/\1/p"; }
for h in lab-a lab-b; do raw $h >"$OUT/$h.orig"; done

"$CLI" plan --profile lossless-pcp-vlan --inventory "$INVENTORY" --out "$OUT/plan" >"$OUT/plan.out" 2>&1 || die "plan: $(cat "$OUT/plan.out")"
"$CLI" apply --plan "$OUT/plan" >"$OUT/apply.out" 2>&1 || die "apply: $(tail -20 "$OUT/apply.out")"
J=$(ls -t "$RP_JOURNAL_DIR"/*.json | head -1)
for h in lab-a lab-b; do raw $h >"$OUT/$h.engine"; done
"$CLI" rollback "$J" >"$OUT/rollback.out" 2>&1 || die "rollback: $(tail -20 "$OUT/rollback.out")"

"$CLI" export ansible --plan "$OUT/plan" --inventory "$INVENTORY" --out "$OUT/ansible" >"$OUT/export.out" 2>&1 ||
    die "export ansible: $(cat "$OUT/export.out")"
(cd "$OUT/ansible" && ansible-playbook site.yml >"$OUT/run1.out" 2>&1)
check "ansible-playbook applies the exported project (exit 0)" test $? = 0
for h in lab-a lab-b; do
    check "$h: the playbook changed something ($(recap "$OUT/run1.out" $h changed) tasks)" test "$(recap "$OUT/run1.out" $h changed)" -gt 0
    raw $h >"$OUT/$h.ansible"
    if diff -u "$OUT/$h.engine" "$OUT/$h.ansible" >"$OUT/$h.diff"; then
        pass "$h: the playbook reached the state the built-in engine reaches (read in the guest)"
    else
        fail "$h: the playbook's state differs from the engine's:"$'\n'"$(cat "$OUT/$h.diff")"
    fi
done
rc=0
"$CLI" apply --plan "$OUT/plan" --verify-only >"$OUT/verify.out" 2>&1 || rc=$?
check "RoCE Pilot's verify reads every step back as planned after the playbook" test "$rc" = 0
(cd "$OUT/ansible" && ansible-playbook site.yml >"$OUT/run2.out" 2>&1)
check "a second playbook run exits 0" test $? = 0
check "and changes nothing (changed=0 on both)" test "$(recap "$OUT/run2.out" lab-a changed) $(recap "$OUT/run2.out" lab-b changed)" = "0 0"

# Put the guests back (ansible has no journal): the plan's own undo commands, then compare with before.
# (rdma_cm's defaults live in the kernel: written back to what they were before the directory goes.)
for h in lab-a lab-b; do
    mode=$(sed -n 's|^/sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_mode ||p' "$OUT/$h.orig")
    tos=$(sed -n 's|^/sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos ||p' "$OUT/$h.orig")
    gssh $h "ip link set dev data0 mtu 1500; ip link set dev data0.2 type vlan egress-qos-map 0:3 1:0 2:0 3:3 4:0 5:0 6:0 7:0
        d=/sys/kernel/config/rdma_cm/rxe0; mkdir -p \$d; echo '$mode' > \$d/ports/1/default_roce_mode; echo '$tos' > \$d/ports/1/default_roce_tos; rmdir \$d" >/dev/null 2>&1
done
(cd "$OUT/ansible" && ansible-playbook site.yml --check --diff >"$OUT/check.out" 2>&1)
for h in lab-a lab-b; do
    raw $h >"$OUT/$h.end"
    if diff -u "$OUT/$h.orig" "$OUT/$h.end" >"$OUT/$h.enddiff"; then
        pass "$h: check mode changed nothing (the guest is as before the test)"
    else
        fail "$h: not as before after check mode:"$'\n'"$(cat "$OUT/$h.enddiff")"
    fi
    check "$h: check mode says what it would change" test "$(recap "$OUT/check.out" $h changed)" -gt 0
done
finish
