#!/usr/bin/env sh
# Runs the benchmarks behind the README's speed table (issue #31) and
# regenerates the table from their output:
#
#   cd bench && ./speed.sh [OUT]          # OUT defaults to speed.txt
#
# Every row comes from corpus-large.txt (22,002 URLs; each pass in a new
# order, except the ParseWeb row set against ada, which reads the file's
# order as ada's harness does), and corpus.txt only as the row marked hot
# loop. ROUNDS rounds (default 6), each running every benchmark once, so
# that both sides of a row are measured in every round; in each round
# ParseWeb and ../shared/bench/ada's harness run one after the other.
# BENCHTIME is go test's -benchtime (default 0.5s); ADA_BENCH a built
# ada harness (else it is built, about 20 s on a quiet machine); LOADED,
# when set, says in the table why the machine was loaded. Then
# callgrind.sh, and Callgrind on ada's parse, count instructions and
# branch mispredictions per URL (NO_CALLGRIND=1 skips them). The output,
# with the machine, Go version and date, goes to OUT; speedtable writes
# the table into ../README.md between its speed-table markers, and prints
# it.
set -e
cd "$(dirname "$0")"
out=${1:-speed.txt}
rounds=${ROUNDS:-6}
benchtime=${BENCHTIME:-0.5s}
corpus=../../shared/data/corpus-large.txt
ada=../../shared/bench/ada
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

{
  echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "# go: $(go version | cut -d' ' -f3)"
  echo "# machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start${LOADED:+ ($LOADED)}."
} > "$out"
go test -c -o "$tmp/bench.test" .
run() { "$tmp/bench.test" -test.run '^$' -test.benchtime "$benchtime" -test.benchmem -test.count 1 -test.bench "$1" | grep '^Benchmark\|^cpu:\|^goos:\|^goarch:'; }

adabench=${ADA_BENCH:-}
if [ -z "$adabench" ] && [ -f "$ada/build.sh" ] && command -v "${CXX:-g++}" > /dev/null; then
  "$ada/build.sh" "$tmp/ada-bench" > /dev/null
  adabench=$tmp/ada-bench
fi
i=0
while [ "$i" -lt "$rounds" ]; do
  if [ -n "$adabench" ]; then
    run 'BenchmarkParseWeb$/corpus=large-fileorder/impl=uri$' >> "$out"
    "$adabench" "$corpus" 20 1 >> "$out"
  fi
  for b in 'BenchmarkParse$/corpus=' 'BenchmarkParseWeb$/corpus=large$/impl=uri$' \
    'BenchmarkTargetURI$/corpus=large' 'BenchmarkFromFilePath$/set=corpus-large/impl=(uri|lsp)$' \
    'BenchmarkFilePath$/set=corpus-large' 'BenchmarkDomainToASCII$/set=(valid|psl|ascii)'; do
    run "$b" >> "$out"
  done
  i=$((i + 1))
done
if [ -z "${NO_CALLGRIND:-}" ] && command -v valgrind > /dev/null; then
  ./callgrind.sh "$corpus" parse valid neturl parseweb targeturi nettarget fromfilepath filefor filepath fspathfor >> "$out"
  if [ -n "$adabench" ]; then
    # ada's parse alone (--toggle-collect), one pass in file order.
    valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/dev/null \
      '--toggle-collect=*ada::parse<ada::url_aggregator>*' "$adabench" "$corpus" 1 1 2>&1 |
      awk '/^ada parse/ { n = $9 } /Collected :/ { for (i = 1; i <= NF; i++) if ($i == ":") { ir = $(i+1); bc = $(i+2) + $(i+4); bm = $(i+3) + $(i+5) } }
        END { printf "ada urls %d instr/url %.1f branches/url %.1f mispredicts/url %.2f\n", n, ir/n, bc/n, bm/n }' >> "$out"
  fi
fi
go run ./speedtable -readme ../README.md "$out"
go run ./speedtable "$out"
