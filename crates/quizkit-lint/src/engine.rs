//! Runs the selected rules over a bank and turns their findings into diagnostics.

use quizkit_model::{Bank, Diagnostic, Severity, SourceFile, sort_diagnostics};
use rayon::prelude::*;

use crate::{
    AllowUse, Analysis, Check, Context, Finding, FinishFn, GatherFn, Gathered, QuestionRef, Rule,
    Selection,
};

/// Questions whose analyses are kept while the question rules take turns over them: few enough
/// that their texts and analyses stay in the core's cache (64 questions are about 170 KB of
/// text), enough that each rule's code and tables stay hot from one question to the next. On
/// the 100k bank this was at most a few percent faster than one question at a time (1, 16, 64
/// and 256 were within the machine's noise of each other).
const CHUNK: usize = 64;

/// Lints `bank` (whose files are `sources`) with the rules `selection` enables.
///
/// Question rules run in parallel over the questions, and the [`Check::Gather`] rules gather
/// from the same runs of questions; the bank rules run in parallel with each other and with
/// them. Then the gathering rules finish, in parallel.
/// Findings on a question that `allow`s the rule are dropped; then the [`Check::Allows`] rules
/// look at which allows were used. The result is sorted by file, position and code.
pub fn lint(bank: &Bank, sources: &[SourceFile], selection: &Selection) -> Vec<Diagnostic> {
    let cx = Context::new(bank, sources, selection);
    let enabled = &selection.enabled;
    // The gathering rules, each with its place in `enabled` and its two steps.
    let gathering: Vec<(usize, GatherFn, FinishFn)> = enabled
        .iter()
        .enumerate()
        .filter_map(|(i, (rule, _))| match rule.check {
            Check::Gather { gather, finish } => Some((i, gather, finish)),
            _ => None,
        })
        .collect();
    let gathers: Vec<GatherFn> = gathering.iter().map(|&(_, gather, _)| gather).collect();

    // The bank rules run beside the question rules rather than after them, so that neither
    // waits for the other's slowest part.
    let (runs, bank_found) = rayon::join(
        || {
            cx.questions
                .par_chunks(CHUNK)
                .map(|chunk| run_questions(&cx, enabled, &gathers, chunk))
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
    // What each gathering rule gathered, run after run, in the order of `gathering`.
    let mut gathered: Vec<Vec<Gathered>> = gathering
        .iter()
        .map(|_| Vec::with_capacity(runs.len()))
        .collect();
    let mut found = Vec::new();
    for (findings, parts) in runs {
        found.extend(findings);
        for (all, part) in gathered.iter_mut().zip(parts) {
            all.push(part);
        }
    }
    let gather_found: Vec<(usize, Finding)> = gathering
        .into_par_iter()
        .zip(gathered)
        .flat_map_iter(|((i, _, finish), parts)| {
            let mut findings = Vec::new();
            finish(&cx, parts, &mut findings);
            findings.into_iter().map(move |f| (i, f))
        })
        .collect();
    // Question findings first, then the bank's, as when they ran one after the other.
    found.extend(bank_found);
    found.extend(gather_found);

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

/// The question rules' findings on a run of questions, in question order, and what each of
/// `gathers` gathered of it, in their order.
///
/// The rules take turns over the run rather than each question running them all, as
/// `rule-costs` times them: the same order, so its figures are lint's. Each analysis is built
/// once and shared by the question's rules; the first rule to ask for a piece of it pays for
/// it. The gathering rules come last, when the rules before have brought the run's texts into
/// the cache.
fn run_questions(
    cx: &Context<'_>,
    enabled: &[(&Rule, Severity)],
    gathers: &[GatherFn],
    chunk: &[QuestionRef<'_>],
) -> (Vec<(usize, Finding)>, Vec<Gathered>) {
    let analyses: Vec<Analysis<'_>> = chunk.iter().map(|q| Analysis::new(q.question)).collect();
    let mut out = Vec::new();
    for (i, (rule, _)) in enabled.iter().enumerate() {
        if let Check::Question(check) = rule.check {
            for (k, (&q, analysis)) in chunk.iter().zip(&analyses).enumerate() {
                let mut findings = Vec::new();
                check(cx, q, analysis, &mut findings);
                out.extend(findings.into_iter().map(|f| (k, i, f)));
            }
        }
    }
    // Back in question order, as when each question ran all its rules.
    out.sort_by_key(|&(k, i, _)| (k, i));
    let findings = out.into_iter().map(|(_, i, f)| (i, f)).collect();
    let parts = gathers.iter().map(|gather| gather(cx, chunk)).collect();
    (findings, parts)
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

    /// The gathering rules see every run of questions, in order: on a bank of several runs,
    /// `missing-translation` (which finds per run) reports every question, and `duplicate-stem`
    /// (which searches all runs' stems together) pairs each question with its twin in another
    /// run, the earlier one named.
    #[test]
    fn gathering_rules_see_every_run() {
        let count = 5 * CHUNK / 2;
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
