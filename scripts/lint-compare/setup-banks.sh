#!/bin/bash
# Builds the comparison banks under target/cmp/banks, from the repository root: questions/,
# one bank per lint fixture file, the lint corpora, the numbers corpus, the generated 10k bank
# (quizkit-bench generate --questions 10000 --seed 1 -o target/bench/bank-10k) and a broken
# copy of it (mutate.py).
set -e
B=target/cmp/banks
rm -rf $B; mkdir -p $B
cp -r questions $B/questions
for dir in crates/quizkit-lint/tests/fixtures/*/; do
  rule=$(basename $dir)
  for case in valid invalid; do
    d=$B/fix-$rule-$case
    mkdir -p $d/fixtures/topic
    if [ -f $dir/quizkit.toml ]; then cp $dir/quizkit.toml $d/quizkit.toml; else printf 'id = "fixtures"\nlanguages = ["nl", "en"]\n' > $d/quizkit.toml; fi
    cp $dir/$case.toml $d/fixtures/topic/questions.toml
  done
done
for c in crates/quizkit-lint/tests/corpora/*/; do cp -r $c $B/corpus-$(basename $c); done
cp -r tests/corpora/numbers $B/numbers
cp -r target/bench/bank-10k $B/bank-10k
python3 scripts/lint-compare/mutate.py target/bench/bank-10k $B/broken-10k
