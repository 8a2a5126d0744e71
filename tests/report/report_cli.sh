#!/usr/bin/env bash
# rocepilot-cli test --save + rocepilot-cli report, end to end on this machine (TCP over loopback, no root):
# the run file reads back, the PDF renders (pdftoppm), has the expected pages and sections (checks, topology,
# repeatability, anomalies, verdict, repro commands), embeds every font (pdffonts), holds no raster image
# (pdfimages) but the CSV and JSON as attachments, and its tables carry the run's numbers (pdftotext vs the JSON
# export); CSV rows match the sizes; a run cut off mid-line is still reported and says it did not finish; a
# garbled run is an error naming file:line; synthetic all-to-all runs give the heatmap and the worst pairs.
set -euo pipefail
cli=$1
work=$(mktemp -d)
trap '[ -n "${RP_KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in pdftoppm pdftotext pdffonts pdfinfo pdfimages pdfdetach jq; do
    command -v $tool >/dev/null || fail "$tool is missing (installer/deps.sh installs poppler-utils and jq)"
done

"$cli" test --server localhost --client localhost --transport tcp --sweep 64:1K --duration 0.4 --warmup 0.1 \
    --port 0 --save ping.rprun --label "loopback ping" >/dev/null
"$cli" test --server localhost --client localhost --transport tcp --mode blast --size 64K --depth 4 --duration 0.6 \
    --port 0 --save blast.rprun >/dev/null
[ "$(head -c 40 ping.rprun)" != "" ] || fail "empty run file"
grep -q '"type":"end"' ping.rprun || fail "no end line"

"$cli" report ping.rprun blast.rprun --pdf report.pdf --csv summary.csv --samples-csv samples.csv --json report.json \
    2>report.err
pages=$(pdfinfo report.pdf | awk '/^Pages:/ {print $2}')
# cover, 2 x environment, 2 x charts, sweep, 2 x tables (+ comparison on the last)
[ "$pages" -ge 8 ] || fail "only $pages pages"
pdffonts report.pdf | tail -n +3 > fonts.txt
[ -s fonts.txt ] || fail "no fonts in the PDF"
if awk '$(NF-4) != "yes" {bad=1} END {exit !bad}' fonts.txt; then
    cat fonts.txt
    fail "a font is not embedded"
fi
# Subsets, not whole fonts: Qt names them without the ABCDEF+ tag (so pdffonts says "sub no"), but each embedded
# TrueType program is a few tens of KB where DejaVu Sans is 757 KB.
python3 - report.pdf <<'PY' || fail "a font is embedded whole, not as a subset"
import re, sys
sizes = [int(x) for x in re.findall(rb"/Length1 (\d+)", open(sys.argv[1], "rb").read())]
sys.exit(0 if sizes and max(sizes) < 150000 else 1)
PY
pdftoppm -r 40 -png report.pdf page
[ "$(ls page-*.png | wc -l)" -eq "$pages" ] || fail "pdftoppm did not render every page"
pdftotext -layout report.pdf report.txt
grep -q "RoCE performance test report" report.txt || fail "no title"
grep -q "Message size sweeps" report.txt || fail "no sweep page"
grep -q "Comparison" report.txt || fail "no comparison"
# every size's p50, p99 and Gb/s of the ping run, as the JSON has them, appear in the PDF's table
for i in 0 1 2 3 4; do
    size=$(jq -r ".runs[0].sizes[$i].size" report.json)
    for key in p50_us p99_us; do
        # awk formats as C does (bash's printf reads long double and rounds 2.415 down)
        v=$(awk -v x="$(jq -r ".runs[0].sizes[$i].client.latency.$key" report.json)" 'BEGIN {printf "%.2f", x}')
        grep -q -- "$v" report.txt || fail "size $size: $key $v is not in the PDF"
    done
    g=$(awk -v x="$(jq -r ".runs[0].sizes[$i].client.gbps" report.json)" 'BEGIN {printf "%.3f", x}')
    grep -q -- "$g" report.txt || fail "size $size: $g Gb/s is not in the PDF"
done
# The BMWG sections, the verdict and the commands that repeat the test; the cover's verdict is the JSON's.
for section in "Checks" "Topology" "Test configuration" "Repeatability over the live samples" "Anomalies" \
    "Verdict and what to do" "Commands that repeat this test"; do
    grep -q "$section" report.txt || fail "no section '$section'"
done
grep -q "rocepilot-cli test --server localhost --client localhost" report.txt || fail "no repro command"
grep -q "perftest measures RDMA only" report.txt || fail "no word on perftest for a TCP run"
case $(jq -r .verdict report.json) in
    pass) want=PASS ;; warn) want="PASS with warnings" ;; fail) want=FAIL ;; *) fail "verdict $(jq -r .verdict report.json)" ;;
esac
pdftotext -f 1 -l 1 report.pdf - | grep -q "^$want" || fail "the cover does not say $want"
# charts are vector paths, not images; the summary CSV and the JSON travel inside the PDF
[ "$(pdfimages -list report.pdf | tail -n +3 | wc -l)" -eq 0 ] || fail "the PDF holds raster images"
pdfdetach -list report.pdf | grep -q "report.json" || fail "report.json is not attached"
pdfdetach -list report.pdf | grep -q "summary.csv" || fail "summary.csv is not attached"
[ "$(stat -c %s report.pdf)" -lt 1048576 ] || fail "the PDF is over 1 MB"
headline=$(jq -r '.runs[0].headline' report.json)
grep -q "measured a one-way" report.txt || fail "no result sentence on the cover ($headline)"
# CSV: header + 5 sizes + 1 blast size; samples: every sample line of both run files
[ "$(wc -l < summary.csv)" -eq 7 ] || fail "summary.csv has $(wc -l < summary.csv) lines"
want=$(( $(grep -c '"type":"sample"' ping.rprun) + $(grep -c '"type":"sample"' blast.rprun) + 1 ))
[ "$(wc -l < samples.csv)" -eq "$want" ] || fail "samples.csv has $(wc -l < samples.csv) lines, want $want"
[ "$(jq -r '.runs[1].name' report.json)" = "blast.rprun" ] || fail "unlabelled run not named by its file"

# Findings and an apply journal given to the report appear in the PDF.
cat > findings.json <<'JSON'
{"findings": [{"severity": "error", "title": "PFC is off on priority 3 on h2",
  "message": "RoCE traffic on priority 3 is lossy on h2.", "fix": "Enable PFC on priority 3 (dcb pfc set)."}]}
JSON
echo '{"steps": [{"host": "h1", "command": "dcb pfc set dev eth0 prio-pfc 3:on", "result": "ok"}]}' > journal.json
"$cli" report ping.rprun --pdf extra.pdf --findings findings.json --apply-journal journal.json \
    --site "Lab 2, rack 4" --operator "A. Admin" 2>/dev/null
pdftotext -f 1 -l 1 extra.pdf - | grep -q "Site: Lab 2, rack 4 · Operator: A. Admin" || fail "no site/operator on the cover"
# PDF/A-1b: the archive flavour, which allows no attachments
"$cli" report ping.rprun --pdf archive.pdf --pdf-a 2>/dev/null
grep -a -q "pdfaid:part" archive.pdf || fail "--pdf-a wrote no PDF/A identification"
[ "$(pdfdetach -list archive.pdf | head -1)" = "0 embedded files" ] || fail "--pdf-a: attachments in a PDF/A-1 file"
pdftotext extra.pdf - | tr '\n' ' ' > extra.txt
grep -q "Findings of the troubleshooter" extra.txt || fail "no findings section"
grep -q "PFC is off on priority 3 on h2" extra.txt || fail "the finding's title is missing"
grep -q "Enable PFC on priority 3" extra.txt || fail "the finding's fix is missing"
grep -q "What was applied" extra.txt || fail "no apply journal section"
grep -q "prio-pfc 3:on" extra.txt || fail "the journal's step is missing"
set +e
"$cli" report ping.rprun --pdf x.pdf --findings missing.json 2>/dev/null
rc=$?
set -e
[ $rc -eq 2 ] || fail "a missing findings file: exit $rc"

# A run cut off mid-line (the test was killed): reported, flagged.
lines=$(wc -l < ping.rprun)
head -n $((lines / 2)) ping.rprun > cut.rprun
printf '{"type":"sample","role":"cli' >> cut.rprun
"$cli" report cut.rprun --json cut.json 2>cut.err
[ "$(jq -r '.runs[0].status' cut.json)" = unfinished ] || fail "cut run not unfinished"
[ "$(jq -r '.runs[0].truncated' cut.json)" = true ] || fail "cut run not truncated"
grep -q "incomplete" cut.err || fail "no warning for the cut line: $(cat cut.err)"
"$cli" report cut.rprun --pdf cut.pdf 2>/dev/null
pdftotext cut.pdf - | tr '\n' ' ' | grep -q "did not finish" || fail "the cut run's PDF does not say it did not finish"

# The writer killed mid-run (SIGKILL: no cleanup at all): what was measured up to then is in the file.
"$cli" test --server localhost --client localhost --transport tcp --duration 20 --warmup 0.1 --port 0 \
    --save killed.rprun >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 100); do
    [ "$(grep -c '"type":"sample"' killed.rprun 2>/dev/null || true)" -ge 10 ] && break
    sleep 0.1
done
kill -9 $pid
wait $pid 2>/dev/null || true
"$cli" report killed.rprun --json killed.json 2>/dev/null
[ "$(jq -r '.runs[0].status' killed.json)" = unfinished ] || fail "killed run: status $(jq -r '.runs[0].status' killed.json)"
[ "$(jq -r '.runs[0].samples' killed.json)" -ge 10 ] || fail "killed run: only $(jq -r '.runs[0].samples' killed.json) samples kept"

# Garbage in the middle: exit 1, file:line.
{ head -n 3 ping.rprun; echo 'garbage'; tail -n +4 ping.rprun; } > bad.rprun
set +e
"$cli" report bad.rprun --csv bad.csv 2>bad.err
rc=$?
set -e
[ $rc -eq 1 ] || fail "garbled run: exit $rc"
grep -q "bad.rprun:4: not valid JSON" bad.err || fail "garbled run: $(cat bad.err)"
[ ! -e bad.csv ] || fail "a CSV was written for a garbled run"
# All to all (synthetic runs: three hosts are not there on one machine): the host x host heatmap and the worst
# pairs, the lossy pair first, every cell's p99 as the JSON has it.
python3 "$(dirname "$0")/make_pair_runs.py"
"$cli" report pair-*.rprun --pdf pairs.pdf --json pairs.json 2>/dev/null
pdftotext -layout pairs.pdf pairs.txt
grep -q "All pairs: one-way p99 latency" pairs.txt || fail "no pair heatmap"
grep -q "The worst pairs" pairs.txt || fail "no worst-pairs table"
worst=$(jq -r '.pairs.worst[0] as $i | .pairs.cells[$i] | "\(.client) → \(.server)"' pairs.json)
[ "$worst" = "h1 → h2" ] || fail "the worst pair is $worst, not the lossy h1 → h2"
grep -Eq "^ *1 +h1 → h2 " pairs.txt || fail "the worst-pairs table does not start with h1 → h2"
for v in $(jq -r '.pairs.cells[].p99_us' pairs.json); do
    grep -q "$(awk -v x="$v" 'BEGIN {printf "%.1f", x}')" pairs.txt || fail "heatmap: p99 $v is not drawn"
done
[ "$(pdfimages -list pairs.pdf | tail -n +3 | wc -l)" -eq 0 ] || fail "the heatmap is not vector"
# Many pairs (6 hosts, 30 runs): the matrix first, details only for the 10 worst, hosts in natural order.
mkdir many && (cd many && python3 "$(dirname "$0")/make_pair_runs.py" 6 && "$cli" report pair-*.rprun --pdf ../many.pdf 2>/dev/null)
pdftotext -layout many.pdf many.txt
grep -q "details of these 10 worst pairs" many.txt || fail "30 runs: no note on the worst pairs' details"
[ "$(grep -c 'Environment: ' many.txt)" -eq 10 ] || fail "30 runs: $(grep -c 'Environment: ' many.txt) detail sections, want 10"
echo "report_cli: $pages pages, fonts embedded, numbers match, heatmap of $(jq '.pairs.cells | length' pairs.json) pairs"
