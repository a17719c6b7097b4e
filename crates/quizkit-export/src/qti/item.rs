//! One question as a QTI 2.1 `assessmentItem` in one language.
//!
//! - `responseDeclaration` RESPONSE: single choice has cardinality `single` and the key as
//!   `correctResponse`; multiple response has cardinality `multiple`, every key in
//!   `correctResponse`, and a `mapping` that gives each key an equal share of 1 and each other
//!   option an equal negative share, bounded to 0…1, so ticking every box scores 0 (as the
//!   Moodle export grades, but with exact shares: QTI has no fixed list of grades).
//! - `outcomeDeclaration` SCORE (0 by default), MAXSCORE (1) and FEEDBACK (identifiers).
//! - The stem as XHTML, then a `choiceInteraction` with `shuffle` as the bank says,
//!   `maxChoices` 1 (single) or 0 (any number), and one `simpleChoice` per option, whose
//!   identifier comes from the option's position (`choice_a`, `choice_b`, …).
//! - `responseProcessing`: the rules of the standard template (`match_correct` for single
//!   choice, `map_response` for multiple response), written out, then one rule the templates
//!   lack: FEEDBACK becomes the chosen identifiers plus `EXPLANATION`. A `template` attribute
//!   alone could not show feedback, and a template with extra rules would not be the template.
//! - One `modalFeedback` per option with feedback, shown when that option was chosen, and the
//!   explanation as a `modalFeedback` shown after every response.

use std::collections::BTreeSet;

use quizkit_model::{Bank, Question, index_letter};

use crate::moodle::common::{Refusal, checked_keys};

use super::xhtml::{Images, block_into, escape, flow};
use crate::Error;
use crate::moodle::common::{plain_line, shorten};

/// The namespace of QTI 2.1 items and tests.
pub(crate) const NS: &str = "http://www.imsglobal.org/xsd/imsqti_v2p1";
/// Where the QTI 2.1 schema is published, for `xsi:schemaLocation`.
pub(crate) const SCHEMA_LOCATION: &str = "http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd";
/// The `modalFeedback` identifier of the explanation; choice identifiers never take it.
pub(crate) const EXPLANATION: &str = "EXPLANATION";
/// The longest item title written, in characters.
const TITLE_CHARS: usize = 100;

/// The identifier of the choice at `index`: `choice_a` … `choice_z` for the positions an
/// answer key can name, `choice_27` on (a bank cannot key those).
pub(crate) fn choice_id(index: usize) -> String {
    if index < 26 {
        format!("choice_{}", index_letter(index).to_ascii_lowercase())
    } else {
        format!("choice_{}", index + 1)
    }
}

/// What an item is scored by, from the question's key.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Scoring {
    /// The keyed option indices.
    pub keys: BTreeSet<usize>,
    /// True for multiple response (cardinality `multiple`, scored by the mapping).
    pub multiple: bool,
    /// The mapped value of each option for multiple response, as written.
    pub mapped: Vec<String>,
}

/// How `question` is scored, or why it cannot be written: no options, a blank option, or a
/// key that does not name its options.
pub(crate) fn scoring(question: &Question) -> Result<Scoring, Error> {
    let n = question.options.len();
    let keys = checked_keys(
        question,
        &Refusal {
            target: "a choice interaction",
            blank: "would show an empty choice",
        },
    )?;
    let multiple = question.is_multiple_response();
    let mapped = if multiple {
        let share = decimal(1.0 / keys.len() as f64);
        let wrong = n - keys.len();
        let penalty = if wrong == 0 {
            "0".to_owned()
        } else {
            format!("-{}", decimal(1.0 / wrong as f64))
        };
        (0..n)
            .map(|i| {
                if keys.contains(&i) {
                    share.clone()
                } else {
                    penalty.clone()
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Scoring {
        keys,
        multiple,
        mapped,
    })
}

/// `x` (in 0…1) with seven decimals, rounded up so that the shares of all keys add up to at
/// least 1 (the mapping's upper bound then makes it exactly 1), trailing zeros dropped.
fn decimal(x: f64) -> String {
    let scaled = (x * 1e7 - 1e-6).ceil() as u64;
    let s = format!("{}.{:07}", scaled / 10_000_000, scaled % 10_000_000);
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The item's title: the start of its stem as plain text, or the question id.
pub(crate) fn title(question: &Question, lang: &str) -> String {
    let plain = plain_line(question.stem.get_or_first(lang));
    if plain.is_empty() {
        question.id.value.clone()
    } else {
        shorten(&plain, TITLE_CHARS)
    }
}

/// The `assessmentItem` document of `question` in `lang`, under `identifier`, with `title`
/// (from [`title`]); `images` gives the address of each image the package carries.
pub(crate) fn item_xml(
    bank: &Bank,
    question: &Question,
    scoring: &Scoring,
    (identifier, lang, title): (&str, &str, &str),
    images: &mut Images<'_>,
) -> String {
    let mut x = String::with_capacity(4096);
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str(&format!(
        "<assessmentItem xmlns=\"{NS}\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"{SCHEMA_LOCATION}\" identifier=\"{identifier}\" title=\"{}\" label=\"{}\" xml:lang=\"{}\" adaptive=\"false\" timeDependent=\"false\" toolName=\"quizkit\" toolVersion=\"{}\">\n",
        escape(title),
        escape(&shorten(&question.id, 256)),
        escape(lang),
        env!("CARGO_PKG_VERSION"),
    ));
    let n = question.options.len();
    let cardinality = if scoring.multiple {
        "multiple"
    } else {
        "single"
    };
    x.push_str(&format!(
        "  <responseDeclaration identifier=\"RESPONSE\" cardinality=\"{cardinality}\" baseType=\"identifier\">\n    <correctResponse>\n"
    ));
    for &k in &scoring.keys {
        x.push_str(&format!("      <value>{}</value>\n", choice_id(k)));
    }
    x.push_str("    </correctResponse>\n");
    if scoring.multiple {
        x.push_str("    <mapping lowerBound=\"0\" upperBound=\"1\" defaultValue=\"0\">\n");
        for (i, value) in scoring.mapped.iter().enumerate() {
            x.push_str(&format!(
                "      <mapEntry mapKey=\"{}\" mappedValue=\"{value}\"/>\n",
                choice_id(i)
            ));
        }
        x.push_str("    </mapping>\n");
    }
    x.push_str("  </responseDeclaration>\n");
    x.push_str(concat!(
        "  <outcomeDeclaration identifier=\"SCORE\" cardinality=\"single\" baseType=\"float\"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>\n",
        "  <outcomeDeclaration identifier=\"MAXSCORE\" cardinality=\"single\" baseType=\"float\"><defaultValue><value>1</value></defaultValue></outcomeDeclaration>\n",
        "  <outcomeDeclaration identifier=\"FEEDBACK\" cardinality=\"multiple\" baseType=\"identifier\"/>\n",
        "  <itemBody>\n",
    ));
    push_block(&mut x, question.stem.get_or_first(lang), images);
    x.push_str(&format!(
        "    <choiceInteraction responseIdentifier=\"RESPONSE\" shuffle=\"{}\" maxChoices=\"{}\">\n",
        bank.shuffles(question),
        if scoring.multiple { 0 } else { 1 }
    ));
    for (i, option) in question.options.iter().enumerate() {
        x.push_str(&format!(
            "      <simpleChoice identifier=\"{}\">{}</simpleChoice>\n",
            choice_id(i),
            flow(option.text.get_or_first(lang), images)
        ));
    }
    x.push_str("    </choiceInteraction>\n  </itemBody>\n");
    push_processing(&mut x, scoring.multiple, question.explanation.is_some());
    for (i, option) in question.options.iter().enumerate() {
        if let Some(feedback) = &option.feedback {
            push_feedback(&mut x, &choice_id(i), feedback.get_or_first(lang), images);
        }
    }
    if let Some(explanation) = &question.explanation {
        push_feedback(&mut x, EXPLANATION, explanation.get_or_first(lang), images);
    }
    debug_assert!(n > 0);
    x.push_str("</assessmentItem>\n");
    x
}

/// `markdown_text` as block XHTML indented under the item body; an empty text becomes an empty paragraph, since
/// the body and feedback need content.
fn push_block(x: &mut String, markdown_text: &str, images: &mut Images<'_>) {
    x.push_str("    ");
    let start = x.len();
    block_into(x, markdown_text, images);
    if x.len() == start {
        x.push_str("<p></p>");
    }
    x.push('\n');
}

fn push_feedback(x: &mut String, identifier: &str, markdown_text: &str, images: &mut Images<'_>) {
    x.push_str("  <modalFeedback outcomeIdentifier=\"FEEDBACK\" identifier=\"");
    x.push_str(identifier);
    x.push_str("\" showHide=\"show\">\n");
    push_block(x, markdown_text, images);
    x.push_str("  </modalFeedback>\n");
}

/// The template's scoring rules, then FEEDBACK.
fn push_processing(x: &mut String, multiple: bool, explanation: bool) {
    x.push_str("  <responseProcessing>\n");
    if multiple {
        // map_response
        x.push_str(concat!(
            "    <responseCondition>\n",
            "      <responseIf><isNull><variable identifier=\"RESPONSE\"/></isNull><setOutcomeValue identifier=\"SCORE\"><baseValue baseType=\"float\">0.0</baseValue></setOutcomeValue></responseIf>\n",
            "      <responseElse><setOutcomeValue identifier=\"SCORE\"><mapResponse identifier=\"RESPONSE\"/></setOutcomeValue></responseElse>\n",
            "    </responseCondition>\n",
        ));
    } else {
        // match_correct
        x.push_str(concat!(
            "    <responseCondition>\n",
            "      <responseIf><match><variable identifier=\"RESPONSE\"/><correct identifier=\"RESPONSE\"/></match><setOutcomeValue identifier=\"SCORE\"><baseValue baseType=\"float\">1</baseValue></setOutcomeValue></responseIf>\n",
            "      <responseElse><setOutcomeValue identifier=\"SCORE\"><baseValue baseType=\"float\">0</baseValue></setOutcomeValue></responseElse>\n",
            "    </responseCondition>\n",
        ));
    }
    x.push_str("    <setOutcomeValue identifier=\"FEEDBACK\"><multiple><variable identifier=\"RESPONSE\"/>");
    if explanation {
        x.push_str(&format!(
            "<baseValue baseType=\"identifier\">{EXPLANATION}</baseValue>"
        ));
    }
    x.push_str("</multiple></setOutcomeValue>\n  </responseProcessing>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_round_up_to_seven_decimals() {
        assert_eq!(decimal(1.0), "1");
        assert_eq!(decimal(0.5), "0.5");
        assert_eq!(decimal(1.0 / 3.0), "0.3333334");
        assert_eq!(decimal(0.25), "0.25");
        assert_eq!(decimal(1.0 / 7.0), "0.1428572");
    }

    #[test]
    fn choice_ids_are_ncnames_from_the_position() {
        assert_eq!(choice_id(0), "choice_a");
        assert_eq!(choice_id(25), "choice_z");
        assert_eq!(choice_id(26), "choice_27");
    }
}
