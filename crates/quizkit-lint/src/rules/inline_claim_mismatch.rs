//! `inline-claim-mismatch` (N005): arithmetic written in a question's text does not add up.

use quizkit_quantity::{Error, Verdict};

use crate::quantities::hint;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule inline-claim-mismatch` prints.
pub const DOCS: &str = r#"## What it does
Finds arithmetic claims in the stem, the options, their feedback and the explanation, in
every language of the bank (`7 miljard × 16 bytes = 112 GB`, `14 GB / 2 TB/s ≈ 7 ms`,
`10 FLOP/byte × 2 TB/s is about 20 TFLOPS`), evaluates them, and reports one that does not
hold. Numbers are read as the language writes them: in Dutch `,` is the decimal mark and `.`
or a space separates thousands (`12,5`, `2.000.000`, `2 000 000`), in English `.` and `,` or a
space (`12.5`, `2,000,000`); the no-break, thin and narrow no-break spaces count as spaces, and
an English `1,5` is read as no number at all. Count words (`miljard`, `billion`) scale a
number; a word between a number and `×` names what it counts (`10 000 000 rijen × 200 B`).
A claim needs an operator and `=`, `≈` or words such as "is ongeveer"/"is about", or two
values in different units (`600 GB = 600.000 MB`). A plain "is" after a computation or a
value states its result (`7 × 16 GB is 112 GB`, `1 mile is 1.609 km`, `€ 2,5 miljoen is
€ 2.500.000`) when both sides can be compared as written, not after a preposition (`voor 20
kg is 200 mg`) nor before a comparison (`80 kg is 10 kg meer`); "twice", "half of", "a third of", "two thirds of", "een kwart van", "de
helft van", "het dubbele van" before a number multiply it (`a quarter of 80 g is 20 g`). A chain checks each step against the one
before (`60 × 4 × 365 = 87 600 Wh = 87,6 kWh`); a step that goes on with an operator states
its value first (`1,250 × 8 = 10,000 bit ÷ 100 Mbit/s = 0.1 ms`); a step without a unit
between steps with units (`250 MB = 250 × 8 = 2000 Mbit`) is compared with the next one, and
the chain's ends with each other. A plain `× 8` or `÷ 8` between bytes and bits is the
conversion when only so the claim holds (`100 Mbit/s ÷ 8 = 12,5 MB/s`), as is any plain factor
that is exactly the ratio of the two sides' units (`4.000 s ÷ 60 ≈ 66,7 minuten`). IP
addresses and masks (`192.168.10.64/27`), versions (`TLS 1.3`), bit patterns (`11000000`),
ratios (`2:4`) and dates are not claims; a claim between ranges is checked at both ends
(`2 × 30–40 ms = 60–80 ms`), and a range on one side only (`≈ 70–80 ms`) makes none. When the text writes a unit on
one side only (`4 + 4 + 4 + 4 = 16 bytes`) the other side is read in that unit. The help names
a likely slip: bits and bytes, GB and GiB, a prefix, a factor two; a claim a slip factor away
fails even when the stated value's precision would hide it (`1 GB = 1 GiB`). In Dutch `:`
between spaces divides (`72 : 3,6 = 20 m/s`); a share of a number multiplies it (`21 % van
€ 300 = € 63`) and one added raises it by that share (`€ 80 + 21 % = € 96,80`); a count
word on one side only is read on both (`2,4 × 1,18 = 2,832 miljoen`); "Dat is", "That is",
"ofwel" after a sentence or a comma state a result equal to the value before them (`17 520
MWh. Dat is 17,52 GWh`), reported only when it misses by a slip. A result in a unit of another
dimension than the computation's (`25 km/h × 2 h = 50 km/h`) does not add up either, unless
the computation is a product no quantity is named for, the result times the unit of one of
its factors: a "per" was left out (`5,5 h × 0,5 l = 2,75 l`), and the claim is
`unchecked-claim`'s.
Temperatures written in two scales are a conversion (`38 °C (100,4 °F)`, `300 K is 27 °C`),
checked within half the last digit written, or half the rounding step of a round figure; a
difference between them (`a rise of 10 °C, or 18 °F`) converts without the offset. A
distractor is wrong on purpose, so claims in options other than the key are not checked;
their feedback is. A claim that is found but cannot be evaluated is `unchecked-claim`.

## Why is this bad?
Learners reproduce the arithmetic of an explanation. A figure that does not follow from the
numbers next to it teaches a wrong result, or makes a correct key look wrong.

## Example
```toml
[[question]]
id = "fp16-weight-memory"
stem = "How much memory do the FP16 weights of a 7B model take?"
answer = "B"
options = ["7 GB", "14 GB", "28 GB"]
explanation = "FP16 uses 2 bytes per parameter, so 7 billion × 2 bytes = 14 GiB."
```

## Use instead
```toml
[[question]]
id = "fp16-weight-memory"
stem = "How much memory do the FP16 weights of a 7B model take?"
answer = "B"
options = ["7 GB", "14 GB", "28 GB"]
explanation = "FP16 uses 2 bytes per parameter, so 7 billion × 2 bytes = 14 GB."
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N005",
    name: "inline-claim-mismatch",
    level: Level::Warning,
    summary: "An arithmetic claim in a question's text does not add up.",
    docs: DOCS,
    check: Check::Question(check),
};

struct InlineClaimMismatch {
    what: String,
    lang: String,
    claim: String,
    computed: String,
    expected: String,
    hint: Option<String>,
    implied_unit: Option<String>,
}

impl Violation for InlineClaimMismatch {
    fn message(&self) -> String {
        format!(
            "`{}` in {} (`{}`) does not add up: the computation gives {}, not {}",
            self.claim, self.what, self.lang, self.computed, self.expected
        )
    }
    fn label(&self) -> Option<String> {
        let mut label = format!("gives {}", self.computed);
        if let Some(unit) = &self.implied_unit {
            label.push_str(&format!(" (reading the side without a unit in {unit})"));
        }
        Some(label)
    }
    fn help(&self) -> Option<String> {
        Some(self.hint.clone().unwrap_or_else(|| {
            "correct the stated figure or the numbers it is computed from".into()
        }))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let keys = q.question.key_indices();
    for c in a.claims(cx) {
        // A distractor is wrong on purpose ("Which conversion is right?"); its feedback,
        // which says why, is not.
        if matches!(c.text.field, Field::Option(i) if !keys.contains(&i)) {
            continue;
        }
        let (computed, expected, hint) = match c.verdict {
            Verdict::Wrong(outcome) => (
                outcome.computed.to_string(),
                outcome.expected.to_string(),
                hint(outcome),
            ),
            Verdict::Unevaluable(error) => match wrong_dimension(error) {
                Some((computed, stated)) => (
                    computed.to_owned(),
                    stated.to_owned(),
                    Some(format!(
                        "state the result as {computed}, or correct the computation"
                    )),
                ),
                None => continue,
            },
            Verdict::Holds(_) => continue,
        };
        let (what, lang, claim) = c.written();
        let v = InlineClaimMismatch {
            what,
            lang,
            claim,
            computed,
            expected,
            hint,
            implied_unit: c.claim.implied_unit.clone(),
        };
        out.push(Finding::on(q, c.span(cx, q), &v));
    }
}

/// The dimensions of a claim's two sides (`a length`, `a speed`) when its result is stated
/// with a unit of another dimension than the computation gives (`25 km/h × 2 h = 50 km/h`);
/// `None` for any other error, which is `unchecked-claim`'s, and when a "per" was left out
/// (`5,5 h × 0,5 l = 2,75 l`, half a litre an hour: [`Error::DimensionMismatch`]'s
/// `per_left_out`), so that the claim cannot be checked as written.
pub(crate) fn wrong_dimension(error: &Error) -> Option<(&str, &str)> {
    match error {
        Error::DimensionMismatch {
            op: "compare",
            left,
            right,
            per_left_out: false,
            ..
        } => Some((left, right)),
        _ => None,
    }
}
