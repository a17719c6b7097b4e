#!/bin/bash
# render-time.sh BIN BANK [ARGS]: user+sys CPU seconds of `lint --format json` and of the human
# report, three times each, alternating.
BIN=$1; BANK=$2; shift 2
LOG=$(mktemp)
cd $BANK
for i in 1 2 3; do
  /usr/bin/time -f "json  %e s wall %U+%S s cpu" $BIN lint --format json "$@" > /dev/null 2>>$LOG || true
  /usr/bin/time -f "human %e s wall %U+%S s cpu" $BIN lint "$@" > /dev/null 2>>$LOG || true
done
grep -E "^(json|human)" $LOG; rm -f $LOG
