#!/bin/bash
# run.sh BINARY OUTDIR: records what the binary says about every comparison bank.
BIN=$1; OUT=$(realpath -m $2)
rm -rf $OUT; mkdir -p $OUT
for d in target/cmp/banks/*/; do
  n=$(basename $d)
  ( cd $d && $BIN lint --format json > $OUT/$n.json 2>/dev/null; echo "rc=$?" >> $OUT/$n.json )
  ( cd $d && $BIN lint --format json --select ALL > $OUT/$n.all.json 2>/dev/null; echo "rc=$?" >> $OUT/$n.all.json )
  ( cd $d && COLUMNS=100 $BIN lint --select ALL > $OUT/$n.all.human 2>&1; echo "rc=$?" >> $OUT/$n.all.human )
done
$BIN rule > $OUT/rule.txt 2>&1
for r in $($BIN rule | awk '{print $2}' | grep -- '-' | sort -u); do $BIN rule $r > $OUT/rule-$r.txt 2>&1; done
