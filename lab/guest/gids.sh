# SPDX-License-Identifier: GPL-3.0-or-later
# GID table helpers for the lab guest. bash builtins only: under TCG every fork costs ~10 ms and the table has
# 1024 slots. Empty slots read as all-zero GIDs and their gid_attrs fail with EINVAL.

# gid_index DEV IPV4 [TYPE] -> index of the GID ::ffff:IPV4 of TYPE (default "RoCE v2") on port 1
gid_index() {
    local d=/sys/class/infiniband/$1/ports/1 want=${3:-RoCE v2} g i v t a b c e hex
    IFS=. read -r a b c e <<<"$2"
    printf -v hex '%02x%02x:%02x%02x' "$a" "$b" "$c" "$e"
    for g in "$d"/gids/*; do
        IFS= read -r v <"$g" 2>/dev/null || continue
        [[ $v == 0000:0000:0000:0000:0000:ffff:$hex ]] || continue
        i=${g##*/}
        IFS= read -r t <"$d/gid_attrs/types/$i" 2>/dev/null || continue
        [[ $t == "$want" ]] && { echo "$i"; return 0; }
    done
    return 1
}

# dump_gids DEV -> "DEV INDEX GID TYPE=... NDEV" for every non-empty slot, index order
dump_gids() {
    local d=/sys/class/infiniband/$1/ports/1 i v t n
    local -a idx=()
    for g in "$d"/gids/*; do idx+=("${g##*/}"); done
    for i in $(printf '%s\n' "${idx[@]}" | sort -n); do
        IFS= read -r v <"$d/gids/$i" 2>/dev/null || continue
        [[ $v == 0000:0000:0000:0000:0000:0000:0000:0000 ]] && continue
        t= n=
        IFS= read -r t <"$d/gid_attrs/types/$i" 2>/dev/null
        IFS= read -r n <"$d/gid_attrs/ndevs/$i" 2>/dev/null
        echo "$1 $i $v type=$t ndev=$n"
    done
}
