//! `quizkit.toml`: the bank's identity and its lint and export settings.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::{LocalizedText, Spanned};

/// `quizkit.toml` at the root of a bank.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "quizkit quizkit.toml")]
pub struct BankConfig {
    /// Stable identifier of the bank: part of every Anki GUID, so never change it once published.
    #[schemars(regex(pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$"))]
    pub id: Spanned<String>,
    /// The bank's title.
    pub title: Option<Spanned<LocalizedText>>,
    /// The languages every text must be written in; the first is the default, used for plain
    /// strings.
    pub languages: Spanned<Vec<Spanned<String>>>,
    /// Whether targets may shuffle options, unless a question says otherwise (default true).
    pub shuffle: Option<Spanned<bool>>,
    /// Lint settings.
    #[serde(default)]
    pub lint: LintConfig,
    /// Export settings.
    #[serde(default)]
    pub export: ExportConfig,
}

impl BankConfig {
    /// A configuration built in code: `id` and `languages` (the first is the default),
    /// everything else unset.
    pub fn new(
        id: impl Into<String>,
        languages: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        BankConfig {
            id: Spanned::unspanned(id.into()),
            title: None,
            languages: Spanned::unspanned(
                languages
                    .into_iter()
                    .map(|l| Spanned::unspanned(l.into()))
                    .collect(),
            ),
            shuffle: None,
            lint: LintConfig::default(),
            export: ExportConfig::default(),
        }
    }

    /// The bank's languages, first is the default.
    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.languages.iter().map(|l| l.value.as_str())
    }

    /// The default language: the first listed.
    pub fn default_language(&self) -> &str {
        self.languages.first().map_or("en", |l| l.value.as_str())
    }
}

/// `[lint]`: which rules run and how severe their findings are.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LintConfig {
    /// Rules to run, by code, name or code prefix (`K`, `K003`, `duplicate-options`); default:
    /// every rule enabled by default.
    pub select: Option<Vec<Spanned<String>>>,
    /// Rules to run in addition to the selection.
    #[serde(default)]
    pub extend_select: Vec<Spanned<String>>,
    /// Rules not to run.
    #[serde(default)]
    pub ignore: Vec<Spanned<String>>,
    /// New severities: rule code, name or prefix → `"error"`, `"warning"` or `"info"`.
    #[serde(default)]
    pub severity: BTreeMap<String, Spanned<SeverityName>>,
    /// The fewest options a question may have (default 3).
    pub min_options: Option<Spanned<u32>>,
    /// Relative tolerance of `≈` claims (default 0.1).
    pub tolerance: Option<Spanned<f64>>,
    /// The largest image file, in KiB, before `media-too-large` reports it (default 1024).
    pub max_media_kib: Option<Spanned<u32>>,
}

/// A severity as written in configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeverityName {
    /// Fails the lint run.
    Error,
    /// Reported; fails only with `--error-on warning`.
    Warning,
    /// Reported for information.
    Info,
}

/// `[export]`: what `quizkit build` writes.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportConfig {
    /// The targets `quizkit build` exports (default: all).
    pub targets: Option<Vec<Spanned<String>>>,
    /// The public address of the HTML site, for links back to a question from other targets.
    pub base_url: Option<Spanned<String>>,
    /// The `canvas` target writes a question bank per topic instead of a quiz (default false;
    /// `quizkit export --canvas-banks` does the same for one export).
    pub canvas_banks: Option<Spanned<bool>>,
}
