//! Which rules run and how severe their findings are: `[lint]` in `quizkit.toml`.
//!
//! Rules are chosen by code (`K001`), name (`duplicate-options`), code prefix (`K`, `F01`),
//! group name (`item-writing`, as specific as its letter) or `ALL`. As in ruff, the most specific selector decides: `select = ["F"]` with
//! `ignore = ["F004"]` runs every F rule but F004, and `ignore = ["F"]` with
//! `extend_select = ["F004"]` runs F004 alone. At equal specificity `ignore` wins. The
//! suppression rules (group A: `unused-allow`, `unknown-rule`) check the configuration itself,
//! so a `select` that does not name them leaves them at their default; `ignore` turns them off.

use std::ops::Range;

use quizkit_model::suggest::did_you_mean;
use quizkit_model::{LintConfig, Severity, SeverityName, Spanned};

use crate::Rule;
use crate::rules::ALL;

/// A selector in `[lint]` that names no rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSelector {
    /// The selector as written.
    pub name: String,
    /// Where it is in `quizkit.toml`.
    pub span: Range<usize>,
    /// The closest rule name or code, if any is close.
    pub suggestion: Option<&'static str>,
}

/// The rules that run, each with its severity.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// The enabled rules, in catalogue order, with their severity.
    pub enabled: Vec<(&'static Rule, Severity)>,
    /// Selectors in the configuration that name no rule.
    pub unknown: Vec<UnknownSelector>,
}

/// How specifically `selector` names `rule`: `None` when it does not.
fn specificity(selector: &str, rule: &Rule) -> Option<usize> {
    let selector = selector.trim();
    if selector == "ALL" {
        return Some(0);
    }
    if rule.is_named(selector) {
        return Some(usize::MAX);
    }
    if rule.group() == selector {
        return Some(1);
    }
    let upper = selector.to_ascii_uppercase();
    let is_prefix = !upper.is_empty()
        && upper.len() < rule.code.len()
        && upper.starts_with(|c: char| c.is_ascii_uppercase())
        && upper[1..].bytes().all(|b| b.is_ascii_digit())
        && rule.code.starts_with(&upper);
    is_prefix.then_some(upper.len())
}

fn names_a_rule(selector: &str) -> bool {
    ALL.iter().any(|r| specificity(selector, r).is_some())
}

fn severity(name: SeverityName) -> Severity {
    match name {
        SeverityName::Error => Severity::Error,
        SeverityName::Warning => Severity::Warning,
        SeverityName::Info => Severity::Info,
    }
}

/// Checks a selector given outside `quizkit.toml` (on the command line): `Err` with the
/// closest rule name or code, if any is close, when it names no rule.
pub fn check_selector(selector: &str) -> Result<(), Option<&'static str>> {
    if names_a_rule(selector) {
        Ok(())
    } else {
        Err(did_you_mean(
            selector.trim(),
            ALL.iter().flat_map(|r| [r.code, r.name]),
        ))
    }
}

impl Selection {
    /// The selection `[lint]` describes.
    pub fn from_config(config: &LintConfig) -> Selection {
        let mut unknown = Vec::new();
        let mut note = |name: &str, span: &Range<usize>| {
            if !names_a_rule(name) {
                let candidates = ALL.iter().flat_map(|r| [r.code, r.name]);
                unknown.push(UnknownSelector {
                    name: name.to_owned(),
                    span: span.clone(),
                    suggestion: did_you_mean(name.trim(), candidates),
                });
            }
        };
        let lists: [&[Spanned<String>]; 2] = [&config.extend_select, &config.ignore];
        for s in config
            .select
            .iter()
            .flatten()
            .chain(lists.into_iter().flatten())
        {
            note(&s.value, &s.span);
        }
        for (name, value) in &config.severity {
            note(name, &value.span);
        }

        let enabled = ALL
            .iter()
            .filter_map(|rule| {
                // (specificity, selected) of the deciding selector; defaults decide last.
                let mut decision: (Option<usize>, bool) = match &config.select {
                    None => (None, rule.level.severity().is_some()),
                    Some(_) => (
                        None,
                        rule.code.starts_with('A') && rule.level.severity().is_some(),
                    ),
                };
                let mut consider = |selectors: &[Spanned<String>], selected: bool| {
                    for s in selectors {
                        if let Some(spec) = specificity(&s.value, rule) {
                            let better = match decision.0 {
                                None => true,
                                Some(d) => spec > d || (spec == d && !selected),
                            };
                            if better {
                                decision = (Some(spec), selected);
                            }
                        }
                    }
                };
                consider(config.select.as_deref().unwrap_or_default(), true);
                consider(&config.extend_select, true);
                consider(&config.ignore, false);
                if !decision.1 {
                    return None;
                }
                let level = config
                    .severity
                    .iter()
                    .filter_map(|(s, v)| specificity(s, rule).map(|spec| (spec, v.value)))
                    .max_by_key(|(spec, _)| *spec)
                    .map(|(_, v)| severity(v))
                    .or(rule.level.severity())
                    .unwrap_or(Severity::Warning);
                Some((rule, level))
            })
            .collect();
        Selection { enabled, unknown }
    }

    /// Exactly these rules (by code or name), at their default level (warning for rules that
    /// are off by default); names that match no rule are ignored.
    pub fn only(names: &[&str]) -> Selection {
        let enabled = ALL
            .iter()
            .filter(|r| names.iter().any(|n| r.is_named(n)))
            .map(|r| (r, r.level.severity().unwrap_or(Severity::Warning)))
            .collect();
        Selection {
            enabled,
            unknown: Vec::new(),
        }
    }

    /// The severity `rule` runs at, or `None` when it does not run.
    pub fn severity(&self, rule: &Rule) -> Option<Severity> {
        self.enabled
            .iter()
            .find(|(r, _)| r.code == rule.code)
            .map(|&(_, s)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(toml_text: &str) -> LintConfig {
        toml::from_str(toml_text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn enabled(selection: &Selection) -> Vec<&'static str> {
        selection.enabled.iter().map(|(r, _)| r.code).collect()
    }

    #[test]
    fn the_most_specific_selector_wins() {
        let s = Selection::from_config(&config("select = [\"F\"]\nignore = [\"F004\"]"));
        let codes = enabled(&s);
        assert!(
            codes.contains(&"F003") && !codes.contains(&"F004"),
            "{codes:?}"
        );
        assert!(!codes.contains(&"K001"), "{codes:?}");
        assert!(
            codes.contains(&"A002"),
            "suppression rules stay on: {codes:?}"
        );
        let s = Selection::from_config(&config(
            "ignore = [\"item-writing\"]\nextend_select = [\"longest-option-is-key\"]",
        ));
        let codes = enabled(&s);
        assert!(
            codes.contains(&"F004") && !codes.contains(&"F003"),
            "{codes:?}"
        );
        assert!(codes.contains(&"K001"), "{codes:?}");
        assert!(s.unknown.is_empty());
    }

    #[test]
    fn severities_and_unknown_selectors() {
        let s = Selection::from_config(&config(
            "ignore = [\"duplicate-optoins\"]\nseverity = { F = \"error\", F004 = \"info\" }",
        ));
        let level = |code: &str| {
            s.enabled
                .iter()
                .find(|(r, _)| r.code == code)
                .map(|&(_, l)| l)
        };
        assert_eq!(level("F003"), Some(Severity::Error));
        assert_eq!(level("F004"), Some(Severity::Info));
        assert_eq!(level("K001"), Some(Severity::Error));
        assert_eq!(s.unknown.len(), 1);
        assert_eq!(s.unknown[0].suggestion, Some("duplicate-options"));
    }
}
