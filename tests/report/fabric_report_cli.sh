#!/usr/bin/env bash
# rocepilot-cli report RUN.rpfabric end to end: a saved fabric run (written by the product's writer through
# make_fabric_run) gives a PDF whose first page has the verdict and the open finding, with the findings, the GID x GID
# matrix of the failing pairs and the commands that repeat them, every font embedded and no raster image (the
# matrices are drawn as rects and text); the cells CSV, the findings CSV and the rocepilot-fabric-report/1 JSON carry
# the same numbers; no output option prints the verdict and the worst pairs; a run cut mid-line is reported with a
# warning and says it was cut short; a garbled run is FILE:LINE and exit 1; a fabric run given with a test run, or
# with a test-run option, is a usage error; a 100-host run gets the ToR x ToR matrix.
set -euo pipefail
cli=$1
maker=$2
work=$(mktemp -d)
trap '[ -n "${RP_KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in pdftoppm pdftotext pdffonts pdfinfo pdfimages pdfdetach jq; do
    command -v $tool >/dev/null || fail "$tool is missing (installer/deps.sh installs poppler-utils and jq)"
done

"$maker" small lab.rpfabric
head -1 lab.rpfabric | grep -q '"schema":"rocepilot-fabric-run/1"' || fail "not a fabric run"

# No output option: the verdict and the worst pairs as text.
"$cli" report lab.rpfabric > text.out 2> text.err || fail "text report: exit $?"
grep -q "lab.rpfabric: fabric NOT READY" text.out || fail "no verdict in the text: $(cat text.out)"
grep -q "not ready: 1 open finding, 2 cells failing in the last round" text.out || fail "verdict line: $(cat text.out)"
grep -q "open: \[error\] The RoCE port lab-c:rxe0/1 passes no traffic" text.out || fail "no open finding in the text"
grep -Eq "lab-(a|c) -> lab-(c|a) +33\.33" text.out || fail "worst pair not first: $(cat text.out)"

"$cli" report lab.rpfabric --pdf lab.pdf --csv cells.csv --findings-csv findings.csv --json lab.json 2> report.err \
    || fail "report: exit $? $(cat report.err)"
[ ! -s report.err ] || fail "warnings for a complete run: $(cat report.err)"
pages=$(pdfinfo lab.pdf | awk '/^Pages:/ {print $2}')
[ "$pages" -ge 3 ] || fail "only $pages pages"
pdftotext -f 1 -l 1 -layout lab.pdf page1.txt
grep -q "RoCE fabric check report" page1.txt || fail "no title on page 1"
grep -q "NOT READY" page1.txt || fail "no verdict on page 1"
grep -q "open at the end of the run" page1.txt || fail "no reason for the verdict on page 1"
grep -q "lab-c:rxe0/1" page1.txt || fail "no open finding on page 1"
grep -q "What was checked" page1.txt || fail "what was checked is not on page 1"
pdftotext -layout lab.pdf lab.txt
for text in "Host x host matrix" "The worst pairs" "Findings" "lab-b answers late" "cleared" "ibv_devinfo -d rxe0" \
    "GID x GID matrices of the failing pairs" "What was probed" "by design" "FAULT" \
    "on lab-c: ibv_ud_pingpong -d rxe0 -i 1 -g 1 -s 64 -n 20" "records no ToS"; do
    grep -q -- "$text" lab.txt || fail "'$text' is not in the PDF"
done
# The matrix is drawn, not pasted: no raster image, every font embedded, its labels are text.
[ "$(pdfimages -list lab.pdf | tail -n +3 | wc -l)" -eq 0 ] || fail "the PDF holds a raster image"
pdffonts lab.pdf | tail -n +3 > fonts.txt
[ -s fonts.txt ] || fail "no fonts in the PDF"
if awk '$(NF-4) != "yes" {bad=1} END {exit !bad}' fonts.txt; then fail "a font is not embedded"; fi
pdftotext -f 2 -l 2 -layout lab.pdf page2.txt
grep -q "from host" page2.txt || fail "the matrix's labels are not text"
grep -q "33" page2.txt || fail "the matrix's loss is not text"
pdftoppm -r 50 -png lab.pdf page
[ "$(ls page-*.png | wc -l)" -eq "$pages" ] || fail "pdftoppm did not render every page"
pdfdetach -list lab.pdf | grep -q "cells.csv" || fail "the cells CSV is not attached"

# CSV and JSON: the same cells.
[ "$(head -1 cells.csv | tr -d '\r')" = "from,to,from_host,to_host,from_gid_index,to_gid_index,from_gid,to_gid,transport,intervals,failed_intervals,sent,received,loss_percent,rtt_p50_us,rtt_p99_us,reason,expected,failing,repro" ] \
    || fail "cells CSV header: $(head -1 cells.csv)"
[ "$(jq -r .schema lab.json)" = "rocepilot-fabric-report/1" ] || fail "JSON schema"
[ "$(jq -r .verdict.ready lab.json)" = false ] || fail "JSON verdict"
[ "$(jq '.cells | length' lab.json)" -eq "$(python3 -c 'import csv,sys; print(sum(1 for _ in csv.reader(open("cells.csv", newline=""))) - 1)')" ] \
    || fail "JSON and CSV count different cells"
[ "$(jq '[.cells[] | select(.failing)] | length' lab.json)" -eq 2 ] || fail "JSON: not 2 failing cells"
grep -q "host-nic:lab-c:rxe0/1,true,error" findings.csv || fail "findings CSV: $(cat findings.csv)"

# Cut mid-line (a killed watch): a warning, and the report says so.
head -c $(( $(stat -c %s lab.rpfabric) - 40 )) lab.rpfabric > cut.rpfabric
"$cli" report cut.rpfabric --pdf cut.pdf --json cut.json 2> cut.err || fail "cut run: exit $? $(cat cut.err)"
grep -q "cut.rpfabric: warning: the run was cut short" cut.err || fail "no warning for the cut run: $(cat cut.err)"
[ "$(jq -r .run.truncated cut.json)" = true ] || fail "cut run not truncated in the JSON"
pdftotext -layout cut.pdf cut.txt
grep -q "This run was cut short" cut.txt || fail "the PDF does not say the run was cut short"

# Garbage in the middle: FILE:LINE, exit 1, nothing written.
sed '3s/.*/{"type":"round",/' lab.rpfabric > bad.rpfabric
set +e
"$cli" report bad.rpfabric --csv bad.csv 2> bad.err
rc=$?
set -e
[ $rc -eq 1 ] || fail "garbled run: exit $rc"
grep -q "bad.rprun\|bad.rpfabric:3:" bad.err || fail "garbled run: $(cat bad.err)"
[ ! -e bad.csv ] || fail "a CSV was written for a garbled run"

# A fabric run with a test run, or with an option of test runs: usage errors naming the file or option.
printf '{"type":"run","schema":"rocepilot.run/1"}\n' > test.rprun
set +e
"$cli" report lab.rpfabric test.rprun --csv mix.csv 2> mix.err
rc=$?
"$cli" report lab.rpfabric --samples-csv s.csv 2> opt.err
rc2=$?
"$cli" report lab.rpfabric --pdf lab.rpfabric 2> self.err
rc3=$?
set -e
[ $rc -eq 2 ] || fail "mixed runs: exit $rc"
grep -q "test.rprun: a test run given with the fabric run lab.rpfabric" mix.err || fail "mixed runs: $(cat mix.err)"
[ $rc2 -eq 2 ] && grep -q -- "--samples-csv is for test runs" opt.err || fail "test-run option: $rc2 $(cat opt.err)"
[ $rc3 -eq 2 ] || fail "an output onto the input: exit $rc3"

# Above 64 hosts: the ToR x ToR matrix.
"$maker" wide 100 20 1 wide.rpfabric
"$cli" report wide.rpfabric --pdf wide.pdf --json wide.json 2> wide.err || fail "wide: exit $? $(cat wide.err)"
pdftotext -layout wide.pdf wide.txt
grep -q "ToR x ToR matrix" wide.txt || fail "no ToR matrix for 100 hosts"
grep -q "h0000 drops every probe" wide.txt || fail "the wide run's finding is not in the PDF"
[ "$(jq '.tors | length' wide.json)" -ge 5 ] || fail "wide: ToR summaries"
echo "ok: $pages pages"
