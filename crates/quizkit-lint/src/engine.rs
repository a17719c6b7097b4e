//! Runs the selected rules over a bank and turns their findings into diagnostics.

use std::sync::{Mutex, PoisonError};

use quizkit_model::{Bank, Diagnostic, Severity, SourceFile, sort_diagnostics};
use rayon::prelude::*;

use crate::lexicon::Stems;
use crate::{AllowUse, Analysis, Check, Context, Finding, Rule, Selection};

/// Lints `bank` (whose files are `sources`) with the rules `selection` enables.
///
/// Question rules run in parallel over the questions, each question's rules sharing one
/// [`Analysis`] (and each worker thread one [`Stems`]); the bank rules run in parallel with each
/// other and with them. Findings on a question that `allow`s the rule are dropped; then the
/// [`Check::Allows`] rules look at which allows were used. The result is sorted by file,
/// position and code.
pub fn lint(bank: &Bank, sources: &[SourceFile], selection: &Selection) -> Vec<Diagnostic> {
    let cx = Context::new(bank, sources, selection);
    let enabled = &selection.enabled;
    // One `Stems` per worker thread, kept for the whole run: a bank repeats its words.
    let stems: Vec<Mutex<Stems>> = (0..rayon::current_num_threads())
        .map(|_| Mutex::default())
        .collect();
    let (mut found, bank_found) = rayon::join(
        || {
            cx.questions
                .par_iter()
                .map(|&q| {
                    let worker = rayon::current_thread_index().unwrap_or(0);
                    let stems = stems[worker.min(stems.len() - 1)]
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner);
                    let analysis = Analysis::new(q.question, &stems);
                    let mut found = Vec::new();
                    for (i, (rule, _)) in enabled.iter().enumerate() {
                        if let Check::Question(check) = rule.check {
                            let mut findings = Vec::new();
                            check(&cx, q, &analysis, &mut findings);
                            found.extend(findings.into_iter().map(|f| (i, f)));
                        }
                    }
                    found
                })
                .flatten_iter()
                .collect::<Vec<_>>()
        },
        || {
            enabled
                .par_iter()
                .enumerate()
                .flat_map_iter(|(i, (rule, _))| {
                    let mut findings = Vec::new();
                    if let Check::Bank(check) = rule.check {
                        check(&cx, &mut findings);
                    }
                    findings.into_iter().map(move |f| (i, f))
                })
                .collect::<Vec<_>>()
        },
    );
    // Question findings first, then the bank's.
    found.extend(bank_found);

    // Suppressions: a finding on a question that allows its rule is dropped, and the allow
    // is marked used.
    let mut used: Vec<Vec<bool>> = cx
        .questions
        .iter()
        .map(|q| vec![false; q.allow.len()])
        .collect();
    found.retain(|(i, f)| {
        let Some(qi) = f.question else {
            return true;
        };
        let rule = enabled[*i].0;
        let mut keep = true;
        for (ai, allow) in cx.questions[qi].allow.iter().enumerate() {
            if rule.is_named(allow.rule.value.trim()) {
                used[qi][ai] = true;
                keep = false;
            }
        }
        keep
    });
    let allows: Vec<AllowUse<'_>> = cx
        .questions
        .iter()
        .flat_map(|&q| {
            let used = &used[q.index];
            q.question.allow.iter().enumerate().map(move |(ai, allow)| {
                let rule = crate::rule(allow.rule.value.trim());
                AllowUse {
                    question: q,
                    allow,
                    rule,
                    enabled: rule.is_some_and(|r| selection.severity(r).is_some()),
                    used: used[ai],
                }
            })
        })
        .collect();
    for (i, (rule, _)) in enabled.iter().enumerate() {
        if let Check::Allows(check) = rule.check {
            let mut findings = Vec::new();
            check(&cx, &allows, &mut findings);
            found.extend(findings.into_iter().map(|f| (i, f)));
        }
    }

    let mut diagnostics: Vec<Diagnostic> = found
        .into_iter()
        .map(|(i, f)| {
            let (rule, severity) = enabled[i];
            to_diagnostic(&cx, rule, severity, f)
        })
        .collect();
    sort_diagnostics(&mut diagnostics, sources);
    diagnostics.dedup();
    diagnostics
}

fn to_diagnostic(cx: &Context<'_>, rule: &Rule, severity: Severity, f: Finding) -> Diagnostic {
    let mut d = Diagnostic::new(rule.code, rule.name, severity, f.file, f.span, f.message);
    d.label = f.label;
    d.help = f.help;
    d.related = f.related;
    d.question = f
        .question
        .and_then(|qi| cx.questions.get(qi))
        .map(|q| q.id.value.clone());
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::load_bank;

    /// The bank rules see every question, in order: `missing-translation` reports every
    /// question, and `duplicate-stem` pairs each question with its twin, the earlier one
    /// named.
    #[test]
    fn bank_rules_see_every_question() {
        let count = 160;
        let mut questions = String::new();
        for i in 0..count {
            // Question i and i + count / 2 ask the same; every English stem is missing.
            let topic = i % (count / 2);
            questions.push_str(&format!(
                "[[question]]\nid = \"q{i}\"\nstem.nl = \"Welke waarde hoort bij onderwerp nummer {topic} in deze reeks?\"\n\
                 answer = \"A\"\nexplanation.nl = \"Omdat.\"\nexplanation.en = \"Because.\"\n\
                 options = [{{ nl = \"Een\", en = \"One\" }}, {{ nl = \"Twee\", en = \"Two\" }}]\n\n"
            ));
        }
        let loaded = load_bank(
            "id = \"b\"\nlanguages = [\"nl\", \"en\"]\n[lint]\nselect = [\"missing-translation\", \"duplicate-stem\"]\n",
            &questions,
        );
        let bank = loaded.bank.expect("the bank loads");
        let selection = Selection::from_config(&bank.config.lint);
        let diagnostics = lint(&bank, &loaded.sources, &selection);
        let ids = |code: &str| -> Vec<String> {
            let mut ids: Vec<String> = diagnostics
                .iter()
                .filter(|d| d.code == code)
                .map(|d| d.question.clone().expect("on a question"))
                .collect();
            ids.sort();
            ids
        };
        let mut every: Vec<String> = (0..count).map(|i| format!("q{i}")).collect();
        every.sort();
        assert_eq!(ids("T001"), every);
        let mut later: Vec<String> = (count / 2..count).map(|i| format!("q{i}")).collect();
        later.sort();
        assert_eq!(ids("B003"), later);
        for d in diagnostics.iter().filter(|d| d.code == "B003") {
            let id = d.question.as_deref().expect("on a question");
            let i: usize = id[1..].parse().expect("a number");
            assert!(
                d.message.contains(&format!("`q{}`", i - count / 2)),
                "{}",
                d.message
            );
        }
    }
}
