//! The site's images: every bank file a text shows, copied to `media/<hash>.<ext>` (the first
//! 16 hex digits of its SHA-256, the extension of its sniffed type), so a changed image gets a
//! new address and is never served stale, and two links to the same bytes share one file.
//! Pages show them as `<img>` with their alt text, pixel size and `loading="lazy"`; an SVG is
//! only ever an `<img>`, where it cannot run script.

use std::collections::BTreeMap;

use quizkit_model::{Bank, LocalizedText};

use super::Lang;
use crate::markdown::Img;
use crate::media::{self, Found};
use crate::{Kind, Warning};

/// The folder of the site that holds the images.
pub const DIR: &str = "media";

/// One image of the site.
struct SiteImage<'a> {
    /// Its name under [`DIR`].
    name: String,
    size: Option<(u32, u32)>,
    bytes: &'a [u8],
}

/// Every image the site's texts show, by bank path.
pub struct Images<'a> {
    by_path: BTreeMap<&'a str, SiteImage<'a>>,
}

impl<'a> Images<'a> {
    /// Finds every image the texts of `bank` show in `langs`; warns about each link that cannot
    /// show on the site (a file the bank lacks, an address outside the site).
    pub fn find(bank: &'a Bank, langs: &[Lang<'_>], warnings: &mut Vec<Warning>) -> Self {
        use rayon::prelude::*;
        // (the folder its links are relative to, the question, the text)
        let mut texts: Vec<(String, Option<&str>, &LocalizedText)> = Vec::new();
        for category in &bank.categories {
            if let Some(d) = &category.meta.description {
                texts.push((category.slug.clone(), None, &d.value));
            }
            for topic in &category.topics {
                let dir = Bank::topic_dir(category, topic);
                for text in topic.meta.summary.iter().chain(&topic.meta.key_points) {
                    texts.push((dir.clone(), None, &text.value));
                }
                for question in &topic.questions {
                    for text in media::question_texts(question) {
                        texts.push((dir.clone(), Some(question.id.as_str()), text));
                    }
                }
            }
        }
        let found: Vec<(Vec<media::Image<'a>>, Vec<Warning>)> = texts
            .par_iter()
            .map(|(dir, question, text)| {
                let mut images = Vec::new();
                let mut warnings = Vec::new();
                for lang in langs {
                    for link in media::links(text, lang.code) {
                        match media::find(bank, dir, &link.dest) {
                            Found::Carried(image) => images.push(image),
                            Found::External if link.dest.trim_start().starts_with("data:") => {}
                            Found::External => warnings.push(Warning {
                                question: question.map(str::to_owned),
                                message: format!(
                                    "the image `{}` will not show on the site, which loads nothing from outside itself; put the file in the bank or embed it as a data: URL",
                                    link.dest
                                ),
                                kind: Kind::Fixable,
                            }),
                            Found::NotCarried(why) => warnings.push(media::not_carried(
                                *question, "html", &link.dest, &why,
                            )),
                        }
                    }
                }
                (images, warnings)
            })
            .collect();
        let mut by_path = BTreeMap::new();
        for (images, found_warnings) in found {
            warnings.extend(found_warnings);
            for image in images {
                by_path.entry(image.path).or_insert_with(|| SiteImage {
                    name: image.hashed_name(),
                    size: image.size(),
                    bytes: image.bytes,
                });
            }
        }
        Images { by_path }
    }

    /// The files to write: `media/<name>` and their bytes, each once.
    pub fn files(&self) -> BTreeMap<String, Vec<u8>> {
        self.by_path
            .values()
            .map(|image| (format!("{DIR}/{}", image.name), image.bytes.to_vec()))
            .collect()
    }

    /// What the renderer writes for the link `dest` in a text of the bank folder `dir`, on a
    /// page `depth` folders below the site root: the file's `<img>`, or `None` (the link as
    /// written) when the site does not hold it.
    pub fn img(&self, bank: &Bank, dir: &str, depth: usize, dest: &str) -> Option<Img> {
        let quizkit_model::Lookup::Found { path, .. } = bank.media.lookup(dir, dest) else {
            return None;
        };
        let image = self.by_path.get(path)?;
        Some(Img {
            src: format!("{}{DIR}/{}", "../".repeat(depth), image.name),
            size: image.size,
            lazy: true,
        })
    }
}
