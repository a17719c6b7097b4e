//! The bank's image files in a package (QTI, Canvas): every file the exported texts show,
//! packaged once under a name made from its bytes, `media/<first 16 hex digits of its
//! SHA-256>.<extension of its type>` (the names the HTML site gives them), so that two links to
//! the same bytes share one file and the names never depend on the bank's folder layout.
//!
//! An image addressed by URL (`https:`, `data:`) is left as it is. An image link that names no
//! readable image in the bank is refused with an error: a package with a broken picture would
//! import without complaint and show students nothing.

use std::collections::BTreeMap;

use quizkit_model::{Bank, Category, Lookup, Media, MediaContent, MediaType, Question, Topic};
use rayon::prelude::*;

use crate::Error;
use crate::markdown::Img;

/// A text of a question in one language, with what to call it in an error.
pub(crate) struct Text<'a> {
    /// Which text it is.
    pub field: Field<'a>,
    /// The Markdown.
    pub markdown: &'a str,
}

/// Which text a [`Text`] is, named only when an error needs it.
#[derive(Clone, Copy)]
pub(crate) enum Field<'a> {
    Stem,
    /// The option at this index.
    Option(usize),
    /// The feedback of the option at this index.
    Feedback(usize),
    Explanation,
    /// The summary of the topic `category/topic`.
    Summary(&'a str, &'a str),
}

impl std::fmt::Display for Field<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let letter = quizkit_model::index_letter;
        match self {
            Field::Stem => f.write_str("stem"),
            Field::Option(i) => write!(f, "option {}", letter(*i)),
            Field::Feedback(i) => write!(f, "feedback of option {}", letter(*i)),
            Field::Explanation => f.write_str("explanation"),
            Field::Summary(c, t) => write!(f, "summary of topic `{c}/{t}`"),
        }
    }
}

/// The texts of `question` that an item in `lang` shows.
pub(crate) fn question_texts<'a>(question: &'a Question, lang: &str) -> Vec<Text<'a>> {
    let mut out = Vec::with_capacity(2 + 2 * question.options.len());
    out.push(Text {
        field: Field::Stem,
        markdown: question.stem.get_or_first(lang),
    });
    for (i, option) in question.options.iter().enumerate() {
        out.push(Text {
            field: Field::Option(i),
            markdown: option.text.get_or_first(lang),
        });
        if let Some(f) = &option.feedback {
            out.push(Text {
                field: Field::Feedback(i),
                markdown: f.get_or_first(lang),
            });
        }
    }
    if let Some(e) = &question.explanation {
        out.push(Text {
            field: Field::Explanation,
            markdown: e.get_or_first(lang),
        });
    }
    out
}

/// The bank paths of the images `texts` (of `topic`) show, in order, each once; or why one of
/// them cannot be packaged. `question` names the question in the error.
pub(crate) fn sources<'a>(
    bank: &'a Bank,
    category: &Category,
    topic: &Topic,
    question: Option<&str>,
    texts: &[Text<'_>],
) -> Result<Vec<&'a str>, Error> {
    let mut out: Vec<&'a str> = Vec::new();
    for text in texts {
        // Every Markdown image starts with `![`: most texts are skipped without a parse.
        if !text.markdown.contains("![") {
            continue;
        }
        for link in quizkit_model::media::image_links(text.markdown) {
            let why = match bank.image(category, topic, &link.dest) {
                Lookup::External => continue,
                Lookup::Found {
                    path,
                    content: MediaContent::Bytes(bytes),
                } => {
                    if MediaType::sniff(bytes).is_some() {
                        if !out.contains(&path) {
                            out.push(path);
                        }
                        continue;
                    }
                    format!("`{path}` is not a PNG, JPEG, GIF, WebP or SVG image")
                }
                Lookup::Found {
                    path,
                    content: MediaContent::TooLarge(size),
                } => format!("`{path}` is {size} bytes, more than quizkit reads"),
                Lookup::Found {
                    path,
                    content: MediaContent::Refused(why),
                } => format!("`{path}` was not read: {why}"),
                Lookup::Missing => format!(
                    "no such file in the topic folder `{}` or in `media/`",
                    Bank::topic_dir(category, topic)
                ),
                Lookup::Outside => "the address points outside the bank".to_owned(),
            };
            return Err(Error {
                question: question.map(str::to_owned),
                message: format!(
                    "the {} shows the image `{}`, but {why}; fix the link or add the file, since a package with a broken picture would import without complaint",
                    text.field, link.dest
                ),
            });
        }
    }
    Ok(out)
}

/// One image file of the package.
pub(crate) struct Packed<'a> {
    /// Its path in the package: `media/<hash>.<ext>`.
    pub path: String,
    /// Its bytes.
    pub bytes: &'a [u8],
    /// Its size in pixels, when its header tells.
    pub size: Option<(u32, u32)>,
}

/// The bank's image files a package carries, by their path in the bank.
#[derive(Default)]
pub(crate) struct Carried<'a> {
    by_source: BTreeMap<&'a str, Packed<'a>>,
}

impl<'a> Carried<'a> {
    /// The files of `media` at `paths` (bank paths from [`sources`]), hashed in parallel.
    pub(crate) fn new(media: &'a Media, mut paths: Vec<&'a str>) -> Carried<'a> {
        paths.sort_unstable();
        paths.dedup();
        let by_source = paths
            .into_par_iter()
            .filter_map(|path| {
                let Some(MediaContent::Bytes(bytes)) = media.files.get(path) else {
                    return None;
                };
                let image = crate::media::Image {
                    path,
                    media_type: MediaType::sniff(bytes)?,
                    bytes,
                };
                Some((
                    path,
                    Packed {
                        path: format!("media/{}", image.hashed_name()),
                        bytes,
                        size: image.size(),
                    },
                ))
            })
            .collect();
        Carried { by_source }
    }

    /// The packaged file of the bank file at `source`.
    pub(crate) fn get(&self, source: &str) -> Option<&Packed<'a>> {
        self.by_source.get(source)
    }

    /// What the image link `dest` in a text of `topic` becomes: its packaged file, addressed
    /// as `prefix` + its package path; `None` for an image this package does not carry (a URL).
    pub(crate) fn img(
        &self,
        bank: &Bank,
        category: &Category,
        topic: &Topic,
        dest: &str,
        prefix: &str,
    ) -> Option<Img> {
        let Lookup::Found { path, .. } = bank.image(category, topic, dest) else {
            return None;
        };
        let packed = self.get(path)?;
        Some(Img {
            src: format!("{prefix}{}", packed.path),
            size: packed.size,
            lazy: false,
        })
    }

    /// Every packaged file, by package path, each once (two bank files with the same bytes
    /// are one file).
    pub(crate) fn files(&self) -> BTreeMap<&str, &'a [u8]> {
        self.by_source
            .values()
            .map(|p| (p.path.as_str(), p.bytes))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_bytes() {
        let mut media = Media::default();
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x02\0\0\0\x03\x08\x02\0\0\0".to_vec();
        for path in ["hw/mem/a.png", "media/b.png"] {
            media
                .files
                .insert(path.into(), MediaContent::Bytes(png.clone()));
        }
        let carried = Carried::new(&media, vec!["media/b.png", "hw/mem/a.png", "media/b.png"]);
        let a = carried.get("hw/mem/a.png").expect("carried");
        assert_eq!(a.path, carried.get("media/b.png").expect("carried").path);
        assert!(a.path.starts_with("media/") && a.path.ends_with(".png"));
        assert_eq!(a.path.len(), "media/".len() + 16 + ".png".len());
        assert_eq!(a.size, Some((2, 3)));
        assert_eq!(carried.files().len(), 1);
    }
}
