//! HTML (`--to html`): the bank as a static practice site, in every language of the bank.
//!
//! ```text
//! index.html                                  the languages
//! assets/style.css, site.js, practice.js, icon.svg
//! media/<sha-256 prefix>.<ext>                each image the texts show, by content
//! <lang>/index.html                           categories and their topics
//! <lang>/<category>/index.html                a category's topics
//! <lang>/<category>/<topic>/index.html        introduction, key points, practice modes, all questions
//! <lang>/<category>/<topic>/practice.html     practice: #ten, #all or #weak
//! <lang>/<category>/<topic>/q/<id>.html       one question, its answer in <details>
//! ```
//!
//! Every link is relative, so the folder works from `file://` and from any static host under
//! any base path. Pages load only the site's own stylesheet and scripts, under a
//! Content-Security-Policy that forbids inline script and style; every text from the bank is
//! escaped (Markdown through [`crate::markdown`], math as MathML), and the practice questions
//! travel as a JSON data block that no text can close. UI strings come from
//! `assets/html/i18n/<lang>.toml`; a bank language without a file gets the English strings and
//! a warning. `--lang xx` exports one language; otherwise the site holds them all.

mod escape;
mod images;
mod pages;
mod practice;
mod render;
mod strings;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use quizkit_model::{Bank, Category, LocalizedText, Question, Topic};

use crate::markdown::{self, Math};
use crate::{Error, File, Kind, LangChoice, Options, Output, Warning};
use escape::{esc, relative_url};
use images::Images;
use render::Rendered;
use strings::Strings;

/// Where `quizkit build` puts the site inside `dist/`.
pub const DIR_NAME: &str = "site";

/// The files every page shares, under `assets/`.
const ASSETS: &[(&str, &str)] = &[
    ("style.css", include_str!("../assets/html/style.css")),
    ("site.js", include_str!("../assets/html/site.js")),
    ("practice.js", include_str!("../assets/html/practice.js")),
    ("icon.svg", include_str!("../assets/html/icon.svg")),
];

/// The policy every page carries: only the site's own files, no inline script or style.
/// The script `quizkit preview` serves under `assets/` and, with [`Options::preview`], every
/// page loads: live reload and the findings overlay. The exporter never writes it.
pub const PREVIEW_SCRIPT: &str = "preview.js";

const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

/// The languages of the site, with their UI strings; a warning for each that has none.
fn site_languages<'b>(
    bank: &'b Bank,
    options: &'b Options,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Lang<'b>>, Error> {
    let codes: Vec<&str> = match &options.lang {
        LangChoice::One(_) => options.languages(bank)?,
        LangChoice::Default | LangChoice::All => bank.config.languages().collect(),
    };
    let mut langs = Vec::new();
    for code in codes {
        let (strings, fallback) = Strings::for_lang(code).map_err(|message| Error {
            question: None,
            message,
        })?;
        if fallback {
            warnings.push(Warning {
                question: None,
                message: format!(
                    "the site has no UI strings in `{code}`; its `{code}` pages use the English ones"
                ),
                kind: Kind::Limit,
            });
        }
        langs.push(Lang { code, strings });
    }
    Ok(langs)
}

/// Exports `bank` as a static site.
pub fn export(bank: &Bank, options: &Options) -> Result<Output, Error> {
    let mut warnings = Vec::new();
    let langs = site_languages(bank, options, &mut warnings)?;
    let images = Images::find(bank, &langs, &mut warnings);
    let mut files = images.files();
    let mut site = Site::new(bank, langs, images);
    site.preview = options.preview;
    for (name, text) in ASSETS {
        files.insert(format!("assets/{name}"), text.as_bytes().to_vec());
    }
    files.insert("index.html".to_owned(), pages::root(&site).into_bytes());
    for lang in &site.langs {
        let rendered = Rendered::new(&site, lang);
        let cx = Cx {
            site: &site,
            lang,
            r: &rendered,
        };
        for (path, html) in pages::language(&cx, &mut warnings)? {
            if files.insert(path.clone(), html).is_some() {
                return Err(Error {
                    question: None,
                    message: format!("two pages of the site would be written to `{path}`"),
                });
            }
        }
    }
    warnings.sort_by(|a, b| (&a.question, &a.message).cmp(&(&b.question, &b.message)));
    warnings.dedup();
    Ok(Output {
        files: files
            .into_iter()
            .map(|(path, bytes)| File { path, bytes })
            .collect(),
        warnings,
    })
}

/// What changed in a bank since its site was exported, as far as [`export_changed`] needs to
/// know: only question files of existing topics changed (any other change needs [`export`]).
#[derive(Debug, Clone, Default)]
pub struct Changed {
    /// The topics whose questions changed, as (category slug, topic slug).
    pub topics: Vec<(String, String)>,
    /// The ids of those topics' questions before the change.
    pub ids_before: BTreeSet<String>,
    /// Whether the number of questions of any of those topics changed.
    pub counts: bool,
}

/// The pages of a site that a change wrote again.
#[derive(Debug)]
pub struct Partial {
    /// The pages, each replacing the page of the same path.
    pub files: Vec<File>,
    /// The folders (`en/networks/routing/`) whose every page is among `files`: a page of the
    /// previous site in one of them that is not in `files` is gone.
    pub folders: Vec<String>,
}

/// The pages of `bank`'s site that `changed` can touch, as [`export`] writes them: every page of
/// the changed topics; the question pages elsewhere whose related questions name one of their
/// ids, before or after the change; and when a count changed, the pages that show it (each
/// language's index, the categories of the changed topics and those categories' other topic
/// pages). The previous site with these pages put in (and the `folders` emptied first) is
/// the site [`export`] gives, byte for byte. The root page and the assets name nothing a
/// question file holds, and are never part of it.
pub fn export_changed(bank: &Bank, options: &Options, changed: &Changed) -> Result<Partial, Error> {
    let mut warnings = Vec::new();
    let langs = site_languages(bank, options, &mut warnings)?;
    let mut only = pages::Only::default();
    for (ci, category) in bank.categories.iter().enumerate() {
        for (ti, topic) in category.topics.iter().enumerate() {
            if changed
                .topics
                .iter()
                .any(|(c, t)| *c == category.slug && *t == topic.slug)
            {
                only.topics.insert((ci, ti));
            }
        }
    }
    let mut ids: BTreeSet<&str> = changed.ids_before.iter().map(String::as_str).collect();
    for &(ci, ti) in &only.topics {
        ids.extend(
            bank.categories[ci].topics[ti]
                .questions
                .iter()
                .map(|q| q.id.as_str()),
        );
        if changed.counts {
            only.categories.insert(ci);
            only.topic_indexes.extend(
                (0..bank.categories[ci].topics.len())
                    .filter(|&other| other != ti)
                    .map(|other| (ci, other)),
            );
        }
    }
    only.index = changed.counts;
    for (ci, category) in bank.categories.iter().enumerate() {
        for (ti, topic) in category.topics.iter().enumerate() {
            if only.topics.contains(&(ci, ti)) {
                continue;
            }
            for (qi, question) in topic.questions.iter().enumerate() {
                if question.related.iter().any(|r| ids.contains(r.as_str())) {
                    only.questions.insert((ci, ti, qi));
                }
            }
        }
    }
    let images = Images::find(bank, &langs, &mut warnings);
    // Every image of the site, and the media folder among the replaced ones: an edit may add
    // an image or drop the last link to one.
    let mut files = images.files();
    let mut folders = vec![format!("{}/", images::DIR)];
    let mut site = Site::new(bank, langs, images);
    site.preview = options.preview;
    for lang in &site.langs {
        let rendered = Rendered::some(&site, lang, |ci, ti| only.topics.contains(&(ci, ti)));
        let cx = Cx {
            site: &site,
            lang,
            r: &rendered,
        };
        for &(ci, ti) in &only.topics {
            let category = &bank.categories[ci];
            folders.push(format!(
                "{}/",
                cx.path(&[&category.slug, &category.topics[ti].slug])
                    .join("/")
            ));
        }
        for (path, html) in pages::some(&cx, &only)? {
            if files.insert(path.clone(), html).is_some() {
                return Err(Error {
                    question: None,
                    message: format!("two pages of the site would be written to `{path}`"),
                });
            }
        }
    }
    Ok(Partial {
        files: files
            .into_iter()
            .map(|(path, bytes)| File { path, bytes })
            .collect(),
        folders,
    })
}

/// One language of the site.
pub(crate) struct Lang<'a> {
    code: &'a str,
    strings: Strings,
}

/// Where a question lives: indices of its category, topic, and its place in the topic.
#[derive(Debug, Clone, Copy)]
struct Place {
    category: usize,
    topic: usize,
    index: usize,
}

/// The bank with what every page needs to find.
struct Site<'a> {
    bank: &'a Bank,
    langs: Vec<Lang<'a>>,
    places: BTreeMap<&'a str, Place>,
    /// The images the texts show.
    images: Images<'a>,
    /// Whether pages load `assets/preview.js` ([`Options::preview`]).
    preview: bool,
}

impl<'a> Site<'a> {
    fn new(bank: &'a Bank, langs: Vec<Lang<'a>>, images: Images<'a>) -> Self {
        let mut places = BTreeMap::new();
        for (ci, category) in bank.categories.iter().enumerate() {
            for (ti, topic) in category.topics.iter().enumerate() {
                for (index, question) in topic.questions.iter().enumerate() {
                    places.entry(question.id.as_str()).or_insert(Place {
                        category: ci,
                        topic: ti,
                        index,
                    });
                }
            }
        }
        Site {
            bank,
            langs,
            places,
            images,
            preview: false,
        }
    }

    /// The question with `id`, with its category and topic and where it is.
    fn find(&self, id: &str) -> Option<(&'a Category, &'a Topic, &'a Question, Place)> {
        let place = *self.places.get(id)?;
        let category = self.bank.categories.get(place.category)?;
        let topic = category.topics.get(place.topic)?;
        let question = topic.questions.get(place.index)?;
        Some((category, topic, question, place))
    }
}

/// A page before the common frame is put around it.
struct Page {
    /// Path from the site root, split into segments, the first the language.
    path: Vec<String>,
    /// The document title, plain text.
    title: String,
    /// The meta description, plain text.
    description: String,
    /// The breadcrumb: labels (plain text) and the pages they link to.
    crumbs: Vec<(String, Vec<String>)>,
    /// The scripts the page loads from `assets/`.
    scripts: &'static [&'static str],
    /// The content of `<main>`.
    main: String,
}

/// The context of a page: the site and the language it is in.
struct Cx<'a> {
    site: &'a Site<'a>,
    lang: &'a Lang<'a>,
    /// The bank's texts rendered in this language.
    r: &'a Rendered<'a>,
}

impl Cx<'_> {
    fn s(&self) -> &Strings {
        &self.lang.strings
    }

    /// Text in this language (Markdown source), else in the first language written.
    fn text<'t>(&self, text: &'t quizkit_model::LocalizedText) -> &'t str {
        text.get_or_first(self.lang.code)
    }

    /// `text` in this language as block HTML, on a page `depth` folders below the site root,
    /// its images' links relative to the bank folder `dir`.
    fn block_in(&self, text: &LocalizedText, dir: &str, depth: usize) -> String {
        let site = self.site;
        markdown::to_html_with_images(self.text(text), Math::MathMl, &mut |dest| {
            site.images.img(site.bank, dir, depth, dest)
        })
    }

    fn path(&self, rest: &[&str]) -> Vec<String> {
        std::iter::once(self.lang.code)
            .chain(rest.iter().copied())
            .map(str::to_owned)
            .collect()
    }

    fn lang_index(&self) -> Vec<String> {
        self.path(&["index.html"])
    }

    fn category_path(&self, category: &Category) -> Vec<String> {
        self.path(&[&category.slug, "index.html"])
    }

    fn topic_path(&self, category: &Category, topic: &Topic, file: &str) -> Vec<String> {
        self.path(&[&category.slug, &topic.slug, file])
    }

    fn question_path(
        &self,
        category: &Category,
        topic: &Topic,
        question: &Question,
    ) -> Vec<String> {
        let file = format!("{}.html", question.id.as_str());
        self.path(&[&category.slug, &topic.slug, "q", &file])
    }

    /// The relative URL from the page at `from` to the page of `question`: the same as
    /// `relative_url(from, &refs(&self.question_path(…)))`, without building the path.
    fn question_url(
        &self,
        from: &[&str],
        category: &Category,
        topic: &Topic,
        question: &Question,
    ) -> String {
        let file = format!("{}.html", question.id.as_str());
        relative_url(
            from,
            &[self.lang.code, &category.slug, &topic.slug, "q", &file],
        )
    }

    /// The title of the bank in this language, plain text.
    fn bank_title(&self) -> String {
        self.r.bank_title.clone()
    }

    /// Puts the common frame around `page`: head, header with the language switch,
    /// breadcrumb, footer; the path of the page and its bytes.
    fn shell(&self, page: Page) -> (String, Vec<u8>) {
        let from: Vec<&str> = page.path.iter().map(String::as_str).collect();
        let href = |to: &[&str]| esc(&relative_url(&from, to)).into_owned();
        let asset = |name: &str| href(&["assets", name]);
        let s = self.s();
        let mut out = String::with_capacity(page.main.len() + 2048);
        // Writing into a String cannot fail.
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">\n\
             <meta name=\"color-scheme\" content=\"light dark\">\n\
             <title>{title}</title>\n<meta name=\"description\" content=\"{description}\">\n\
             <link rel=\"icon\" href=\"{icon}\" type=\"image/svg+xml\">\n\
             <link rel=\"stylesheet\" href=\"{css}\">\n",
            lang = esc(self.lang.code),
            csp = CSP,
            title = esc(&page.title),
            description = esc(&page.description),
            icon = asset("icon.svg"),
            css = asset("style.css"),
        );
        let mut switch = String::new();
        for other in &self.site.langs {
            let mut target: Vec<&str> = from.clone();
            target[0] = other.code;
            let name = esc(&other.strings.language_name);
            if other.code == self.lang.code {
                let _ = write!(
                    switch,
                    "<li><a href=\"{}\" aria-current=\"page\">{name}</a></li>",
                    href(&target)
                );
            } else {
                let url = href(&target);
                let code = esc(other.code);
                let _ = writeln!(
                    out,
                    "<link rel=\"alternate\" hreflang=\"{code}\" href=\"{url}\">"
                );
                let _ = write!(
                    switch,
                    "<li><a href=\"{url}\" hreflang=\"{code}\" lang=\"{code}\">{name}</a></li>"
                );
            }
        }
        for script in page.scripts {
            let _ = writeln!(out, "<script src=\"{}\" defer></script>", asset(script));
        }
        if self.site.preview {
            // Served by `quizkit preview`, never part of the output: a same-origin script, so
            // the page's `script-src 'self'` lets it run, and the published site never names it.
            let _ = writeln!(
                out,
                "<script src=\"{}\" defer></script>",
                asset(PREVIEW_SCRIPT)
            );
        }
        let _ = write!(
            out,
            "</head>\n<body>\n<a class=\"skip\" href=\"#main\">{skip}</a>\n\
             <header class=\"site\"><div class=\"wrap\">\
             <a class=\"brand\" href=\"{home}\">{bank}</a>\n\
             <nav class=\"langs\" aria-label=\"{langs_label}\"><ul>{switch}</ul></nav>\
             </div></header>\n<main id=\"main\" class=\"wrap\">\n",
            skip = esc(&s.skip_to_content),
            home = href(&refs(&self.lang_index())),
            bank = esc(&self.r.bank_title),
            langs_label = esc(&s.languages_label),
        );
        if !page.crumbs.is_empty() {
            let _ = write!(
                out,
                "<nav class=\"crumbs\" aria-label=\"{}\"><ol>",
                esc(&s.breadcrumb_label)
            );
            for (label, to) in &page.crumbs {
                let _ = write!(
                    out,
                    "<li><a href=\"{}\">{}</a></li>",
                    href(&refs(to)),
                    esc(label)
                );
            }
            out.push_str("</ol></nav>\n");
        }
        out.push_str(&page.main);
        let _ = write!(
            out,
            "</main>\n<footer class=\"site\"><div class=\"wrap\"><p>{}</p></div></footer>\n</body>\n</html>\n",
            esc(&s.footer)
        );
        (page.path.join("/"), out.into_bytes())
    }
}

/// The segments of a path as `&str`s.
fn refs(path: &[String]) -> Vec<&str> {
    path.iter().map(String::as_str).collect()
}

/// Markdown as plain text, for titles and attributes (escape it before use).
fn plain(markdown: &str) -> String {
    markdown::to_plain(markdown)
}

/// Markdown as HTML for a list item or a table cell: inline when it is one paragraph.
fn inline(markdown: &str) -> String {
    markdown::to_inline_html(markdown, Math::MathMl)
}

/// True when `html` holds a block element, so it cannot go inside a heading or a link.
fn has_block(html: &str) -> bool {
    const BLOCKS: &[&str] = &[
        "p>",
        "pre",
        "table",
        "ul",
        "ol",
        "blockquote",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "hr",
        "div",
        "dl",
    ];
    html.match_indices('<')
        .any(|(at, _)| BLOCKS.iter().any(|b| html[at + 1..].starts_with(b)))
}

/// Markdown as phrasing content for the text of a link: inline HTML when it holds no block and
/// no link or image, else its plain text.
fn phrasing(markdown: &str) -> String {
    let html = inline(markdown);
    if has_block(&html) || html.contains("<a ") || html.contains("<img") {
        esc(&plain(markdown)).into_owned()
    } else {
        html
    }
}

#[cfg(test)]
mod tests;
