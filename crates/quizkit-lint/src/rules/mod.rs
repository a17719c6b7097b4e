//! The rule catalogue: one file per rule, listed here in the order `quizkit rule` prints them.
//!
//! Adding a rule: write `src/rules/<rule_name>.rs` (documentation, violation struct, check
//! function, `pub const RULE`), add one `pub mod` and one line in [`ALL`], and a fixture folder
//! `tests/fixtures/<rule-name>/` with `valid.toml` and `invalid.toml`.

use crate::Rule;

pub mod absolute_terms_in_distractors;
pub mod all_of_the_above;
pub mod claim_dimension_mismatch;
pub mod claim_mismatch;
pub mod claim_syntax;
pub mod combined_options;
pub mod duplicate_id;
pub mod duplicate_options;
pub mod duplicate_stem;
pub mod empty_text;
pub mod explanation_contradicts_key;
pub mod fill_in_the_blank;
pub mod grammatical_cue;
pub mod image_without_alt;
pub mod inline_claim_mismatch;
pub mod invalid_answer_key;
pub mod key_contradicts_claim;
pub mod key_is_middle_value;
pub mod key_length_bias;
pub mod key_position_imbalance;
pub mod key_position_run;
pub mod longest_option_is_key;
pub mod magnitude_mismatch;
pub mod media_too_large;
pub mod missing_answer_key;
pub mod missing_explanation;
pub mod missing_media;
pub mod missing_translation;
pub mod negative_stem_not_emphasized;
pub mod none_of_the_above;
pub mod numeric_options_out_of_order;
pub mod numerically_equal_options;
pub mod percentage_factor_mismatch;
pub mod position_dependent_option;
pub mod stem_gloss_gives_key;
pub mod stem_key_word_repeat;
pub mod too_few_options;
pub mod translation_numbers_differ;
pub mod true_false_options;
pub mod unchecked_claim;
pub mod unknown_rule;
pub mod unresolved_related;
pub mod unsafe_svg;
pub mod unsupported_media;
pub mod unused_allow;
pub mod unused_media;
pub mod vague_frequency_terms;

/// Every rule, in catalogue order.
pub const ALL: &[Rule] = &[
    missing_answer_key::RULE,
    invalid_answer_key::RULE,
    too_few_options::RULE,
    empty_text::RULE,
    duplicate_id::RULE,
    unresolved_related::RULE,
    missing_explanation::RULE,
    missing_media::RULE,
    unsupported_media::RULE,
    unsafe_svg::RULE,
    image_without_alt::RULE,
    duplicate_options::RULE,
    explanation_contradicts_key::RULE,
    position_dependent_option::RULE,
    numerically_equal_options::RULE,
    missing_translation::RULE,
    translation_numbers_differ::RULE,
    claim_syntax::RULE,
    claim_dimension_mismatch::RULE,
    claim_mismatch::RULE,
    key_contradicts_claim::RULE,
    inline_claim_mismatch::RULE,
    unchecked_claim::RULE,
    percentage_factor_mismatch::RULE,
    magnitude_mismatch::RULE,
    none_of_the_above::RULE,
    longest_option_is_key::RULE,
    true_false_options::RULE,
    all_of_the_above::RULE,
    fill_in_the_blank::RULE,
    absolute_terms_in_distractors::RULE,
    stem_key_word_repeat::RULE,
    stem_gloss_gives_key::RULE,
    combined_options::RULE,
    grammatical_cue::RULE,
    numeric_options_out_of_order::RULE,
    vague_frequency_terms::RULE,
    negative_stem_not_emphasized::RULE,
    key_position_imbalance::RULE,
    key_position_run::RULE,
    duplicate_stem::RULE,
    key_length_bias::RULE,
    key_is_middle_value::RULE,
    media_too_large::RULE,
    unused_media::RULE,
    unused_allow::RULE,
    unknown_rule::RULE,
];

/// The groups, by the letter their codes start with.
pub const GROUPS: &[(&str, &str)] = &[
    ("Q", "structure"),
    ("K", "key"),
    ("T", "translation"),
    ("N", "numbers"),
    ("F", "item-writing"),
    ("B", "bank"),
    ("A", "suppression"),
];

/// The group of a code.
pub fn group_of(code: &str) -> &'static str {
    GROUPS
        .iter()
        .find(|(letter, _)| code.starts_with(letter))
        .map_or("other", |(_, name)| name)
}
