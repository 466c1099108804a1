#!/usr/bin/env sh
# Instructions and branch mispredictions per URL, counted by valgrind's
# Callgrind (with its branch simulator), for each operation of bench/count
# over one pass of a corpus: counts that hold on a loaded machine.
#
#   cd bench && ./callgrind.sh [CORPUS] [OPS...]
#
# (Go's asynchronous preemption is turned off, as Callgrind cannot follow its
# signals.) CORPUS defaults to ../../shared/data/corpus-large.txt; OPS to
# "parse valid neturl parseweb" (count -h lists the others: TargetURI, the
# file-path jobs and their peers). Prints one line per operation:
#   OP urls N instr/url I branches/url B mispredicts/url M
set -e
cd "$(dirname "$0")"
corpus=${1:-../../shared/data/corpus-large.txt}
[ $# -gt 0 ] && shift
ops=${*:-parse valid neturl parseweb}
bin=$(mktemp -d)/count
go build -o "$bin" ./count
# count OP: the Collected line of a run, "Ir Bc Bcm Bi Bim", and the URL count.
count() {
  GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 GOGC=off valgrind --tool=callgrind --branch-sim=yes \
    --callgrind-out-file=/dev/null "$bin" -op "$1" "$corpus" 2>&1 |
    awk '/^urls / { n = $2 } /Collected :/ { for (i = 1; i <= NF; i++) if ($i == ":") c = $(i+1) " " $(i+2) " " $(i+3) " " $(i+4) " " $(i+5) } END { print c, n }'
}
for op in $ops; do
  base=$(count none)
  [ "$op" = parseweb ] && base=$(count noneweb)
  echo "$(count "$op") $base" | awk -v op="$op" '{
    n = $6; printf "%s urls %d instr/url %.1f branches/url %.1f mispredicts/url %.2f\n", op, n,
      ($1-$7)/n, ($2+$4-$8-$10)/n, ($3+$5-$9-$11)/n }'
done
rm -rf "$(dirname "$bin")"
