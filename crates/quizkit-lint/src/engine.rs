//! Runs the selected rules over a bank and turns their findings into diagnostics.

use quizkit_model::{Bank, Diagnostic, Severity, SourceFile, sort_diagnostics};
use rayon::prelude::*;

use crate::{AllowUse, Analysis, Check, Context, Finding, Rule, Selection};

/// Questions whose analyses are kept while the question rules take turns over them: few enough
/// that their texts and analyses stay in the core's cache (64 questions are about 170 KB of
/// text), enough that each rule's code and tables stay hot from one question to the next. On
/// the 100k bank this was at most a few percent faster than one question at a time (1, 16, 64
/// and 256 were within the machine's noise of each other).
const CHUNK: usize = 64;

/// Lints `bank` (whose files are `sources`) with the rules `selection` enables.
///
/// Question rules run in parallel over the questions, bank rules in parallel with each other
/// and with the question rules.
/// Findings on a question that `allow`s the rule are dropped; then the [`Check::Allows`] rules
/// look at which allows were used. The result is sorted by file, position and code.
pub fn lint(bank: &Bank, sources: &[SourceFile], selection: &Selection) -> Vec<Diagnostic> {
    let cx = Context::new(bank, sources, selection);
    let enabled = &selection.enabled;

    // The bank rules run beside the question rules rather than after them: the longest of
    // them (B003's search) is serial, and would otherwise leave the other cores idle.
    let (mut found, bank_found) = rayon::join(
        || {
            cx.questions
                .par_chunks(CHUNK)
                .flat_map_iter(|chunk| {
                    // Rule by rule over a chunk of questions rather than question by question,
                    // as `rule-costs` times them: the same order, so its figures are lint's. Each
                    // analysis is built once and shared by the question's rules; the first rule
                    // to ask for a piece of it pays for it.
                    let analyses: Vec<Analysis<'_>> =
                        chunk.iter().map(|q| Analysis::new(q.question)).collect();
                    let mut out = Vec::new();
                    for (i, (rule, _)) in enabled.iter().enumerate() {
                        if let Check::Question(check) = rule.check {
                            for (k, (&q, analysis)) in chunk.iter().zip(&analyses).enumerate() {
                                let mut findings = Vec::new();
                                check(&cx, q, analysis, &mut findings);
                                out.extend(findings.into_iter().map(|f| (k, i, f)));
                            }
                        }
                    }
                    // Back in question order, as when each question ran all its rules.
                    out.sort_by_key(|&(k, i, _)| (k, i));
                    out.into_iter().map(|(_, i, f)| (i, f))
                })
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
    // Question findings first, then the bank's, as when they ran one after the other.
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
