//! The bank's image files as the exporters carry them.
//!
//! A text's image link names a file of the bank ([`quizkit_model::media`]); the CLI has read it
//! into [`Bank::media`]. [`find`] tells an exporter what a link gives: a file it can carry (its
//! bytes, type sniffed from them, pixel size), a URL it leaves alone, or a file it cannot carry
//! and must warn about ([`not_carried`]) rather than write a broken link silently.

use quizkit_model::media::{ImageLink, dimensions, image_links};
use quizkit_model::{Bank, LocalizedText, Lookup, MediaContent, MediaType, Question};
use sha2::{Digest, Sha256};

use crate::{Kind, Warning};

/// An image file of the bank that an exporter can carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Image<'a> {
    /// Its path relative to the bank root (`hw/gpu/roofline.svg`).
    pub path: &'a str,
    /// Its type, from its bytes.
    pub media_type: MediaType,
    /// Its bytes.
    pub bytes: &'a [u8],
}

impl Image<'_> {
    /// Its size in pixels, when its header tells.
    pub fn size(&self) -> Option<(u32, u32)> {
        dimensions(self.media_type, self.bytes)
    }

    /// The SHA-256 of its bytes, as 64 lowercase hex digits.
    pub fn sha256(&self) -> String {
        hex(&Sha256::digest(self.bytes))
    }

    /// A name made from its content: the first 16 hex digits of its SHA-256 and the extension
    /// of its type (`3f2a9c01d4e5b6a7.svg`). Two files with the same bytes get the same name,
    /// two different files (in practice) never do, and a changed file gets a new one.
    pub fn hashed_name(&self) -> String {
        let digest = Sha256::digest(self.bytes);
        format!("{}.{}", hex(&digest[..8]), self.media_type.extension())
    }

    /// The last segment of its path (`roofline.svg`).
    pub fn file_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(self.path)
    }
}

/// Lowercase hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// What an image link gives an exporter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found<'a> {
    /// A bank file the exporter carries.
    Carried(Image<'a>),
    /// A URL (`https:`, `data:`): not a bank file; the text keeps it as written.
    External,
    /// A bank file that cannot be carried, and why (for [`not_carried`]).
    NotCarried(String),
}

/// What the link `dest`, written in a text whose files sit in the bank folder `dir` (a topic's
/// `category/topic`), gives.
pub fn find<'a>(bank: &'a Bank, dir: &str, dest: &str) -> Found<'a> {
    match bank.media.lookup(dir, dest) {
        Lookup::External => Found::External,
        Lookup::Outside => Found::NotCarried("it points outside the bank".into()),
        Lookup::Missing => Found::NotCarried("there is no such file in the bank".into()),
        Lookup::Found { path, content } => match content {
            MediaContent::Bytes(bytes) => match MediaType::sniff(bytes) {
                Some(media_type) => Found::Carried(Image {
                    path,
                    media_type,
                    bytes,
                }),
                None => Found::NotCarried(format!(
                    "`{path}` is not a PNG, JPEG, GIF, WebP or SVG image"
                )),
            },
            MediaContent::TooLarge(size) => {
                Found::NotCarried(format!("`{path}` is too large to read ({size} bytes)"))
            }
            MediaContent::Refused(why) => Found::NotCarried(format!("`{path}`: {why}")),
        },
    }
}

/// The warning for an image link the target cannot carry: the text keeps the link as written,
/// which will not show the image.
pub fn not_carried(question: Option<&str>, target: &str, dest: &str, why: &str) -> Warning {
    Warning {
        question: question.map(str::to_owned),
        message: format!(
            "the image `{dest}` is not in the {target} export ({why}): fix the link (see `quizkit lint`, rule missing-media)"
        ),
        kind: Kind::Fixable,
    }
}

/// Every text of `question` that may hold images: stem, each option and its feedback, the
/// explanation.
pub fn question_texts(question: &Question) -> Vec<&LocalizedText> {
    let mut texts = vec![&question.stem.value];
    for option in &question.options {
        texts.push(&option.text.value);
        texts.extend(option.feedback.as_ref().map(|f| &f.value));
    }
    texts.extend(question.explanation.as_ref().map(|e| &e.value));
    texts
}

/// The image links of `text` in `lang` (its first language when it lacks `lang`).
pub fn links(text: &LocalizedText, lang: &str) -> Vec<ImageLink> {
    image_links(text.get_or_first(lang))
}

/// A bank with images, for the exporters' tests: topic `c/t` with question `q-img` whose stem
/// shows `c/t/diagram één #1.svg` (a name with a space, `#` and non-ASCII letters), whose
/// option B and the explanation show `media/dot.png`, and whose option C links a missing file;
/// question `q-plain` shows none.
#[cfg(test)]
pub(crate) mod testing {
    use quizkit_model::{Bank, MediaContent};

    /// A real 2×2 PNG (red, blue / blue, red).
    pub const PNG: &[u8] = &[
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xfd,
        0xd4, 0x9a, 0x73, 0x00, 0x00, 0x00, 0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8,
        0xcf, 0x00, 0x04, 0xff, 0xc1, 0x08, 0x48, 0x00, 0x00, 0x1d, 0xf1, 0x03, 0xfd, 0x79, 0x0e,
        0x8b, 0xef, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ];

    /// A 40×20 SVG.
    pub const SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"><rect width=\"40\" height=\"20\" fill=\"#36c\"/></svg>\n";

    /// The bank.
    pub fn bank() -> Bank {
        let files = [
            (
                "quizkit.toml",
                "id = \"img\"\ntitle = \"Images\"\nlanguages = [\"en\"]\n",
            ),
            ("c/category.toml", "title = \"C\"\n"),
            ("c/t/topic.toml", "title = \"T\"\n"),
            (
                "c/t/q.toml",
                r#"
[[question]]
id = "q-img"
stem = "Which bar is blue? ![A blue bar](<diagram één #1.svg>)"
answer = "B"
explanation = "The dot: ![A dot](dot.png)"
options = ["none", "![A dot](dot.png) this one", "![gone](missing.png)"]

[[question]]
id = "q-plain"
stem = "Two plus two?"
answer = "A"
options = ["four", "five"]
"#,
            ),
        ];
        let mut bank = crate::test_bank(&files);
        let media = &mut bank.media.files;
        media.insert(
            "c/t/diagram één #1.svg".into(),
            MediaContent::Bytes(SVG.as_bytes().to_vec()),
        );
        media.insert("media/dot.png".into(), MediaContent::Bytes(PNG.to_vec()));
        bank
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{self, PNG};
    use super::*;

    #[test]
    fn a_hashed_name_comes_from_the_bytes_and_the_sniffed_type() {
        let image = Image {
            path: "c/t/a plot #1.png",
            media_type: MediaType::Png,
            bytes: PNG,
        };
        let name = image.hashed_name();
        assert_eq!(name.len(), 16 + 4, "{name}");
        assert!(name.ends_with(".png"));
        assert!(image.sha256().starts_with(&name[..16]));
        assert_eq!(image.file_name(), "a plot #1.png");
        assert_eq!(image.size(), Some((2, 2)));
    }

    #[test]
    fn find_carries_only_sniffed_images_inside_the_bank() {
        let mut bank = testing::bank();
        let files = &mut bank.media.files;
        files.insert("c/t/a.png".into(), MediaContent::Bytes(PNG.to_vec()));
        files.insert(
            "media/lie.png".into(),
            MediaContent::Bytes(b"root:x".to_vec()),
        );
        files.insert("media/big.png".into(), MediaContent::TooLarge(200 << 20));
        assert!(matches!(find(&bank, "c/t", "a.png"), Found::Carried(i) if i.path == "c/t/a.png"));
        assert_eq!(find(&bank, "c/t", "https://x.org/a.png"), Found::External);
        for dest in [
            "lie.png",
            "big.png",
            "nope.png",
            "../../../etc/passwd",
            "/etc/passwd",
        ] {
            assert!(
                matches!(find(&bank, "c/t", dest), Found::NotCarried(_)),
                "{dest}"
            );
        }
    }
}
