//! The pages of the site: what goes inside `<main>` for each, and the root language page.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use quizkit_model::{Category, Question, Topic, index_letter};

use super::escape::{esc, relative_url, script_json};
use super::strings::fill;
use super::{Cx, Page, Site, plain, practice, refs};
use crate::{Error, Warning};

/// How many questions "more questions about this topic" lists when a question names no related
/// ones, and at most when it does.
const MORE: usize = 5;

/// How many questions the short practice takes.
pub const SHORT_PRACTICE: usize = 10;

/// The root `index.html`: a link to each language's site.
pub fn root(site: &Site<'_>) -> String {
    let first = &site.langs[0];
    let mut items = String::new();
    let mut titles = Vec::new();
    for lang in &site.langs {
        let title = plain(site.bank.title(lang.code));
        items.push_str(&format!(
            "<li><a href=\"{code}/index.html\" hreflang=\"{code}\" lang=\"{code}\"><strong>{name}</strong> <span>{title}</span></a></li>\n",
            code = esc(&super::escape::url_segment(lang.code)),
            name = esc(&lang.strings.language_name),
            title = esc(&title),
        ));
        if !titles.contains(&title) {
            titles.push(title);
        }
    }
    let choose: Vec<String> = site
        .langs
        .iter()
        .map(|l| {
            format!(
                "<span lang=\"{}\">{}</span>",
                esc(l.code),
                esc(&l.strings.choose_language)
            )
        })
        .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <title>{title}</title>\n\
         <link rel=\"icon\" href=\"assets/icon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"stylesheet\" href=\"assets/style.css\">\n{preview}</head>\n<body>\n\
         <main id=\"main\" class=\"wrap languages\">\n<h1>{title}</h1>\n<p>{choose}</p>\n\
         <ul class=\"cards\">\n{items}</ul>\n</main>\n</body>\n</html>\n",
        lang = esc(first.code),
        csp = super::CSP,
        title = esc(&titles.join(" · ")),
        choose = choose.join(" · "),
        preview = if site.preview {
            format!(
                "<script src=\"assets/{}\" defer></script>\n",
                super::PREVIEW_SCRIPT
            )
        } else {
            String::new()
        },
    )
}

/// A framed page: its path from the site root and its bytes.
pub type Framed = (String, Vec<u8>);

/// A topic's framed pages, or why they could not be written, and its warnings.
type TopicDone = (Result<Vec<Framed>, Error>, Vec<Warning>);

/// Every page of one language, framed: its path and its bytes. The topics are written in
/// parallel; the pages come out in the same order as written one by one.
pub fn language(cx: &Cx<'_>, warnings: &mut Vec<Warning>) -> Result<Vec<Framed>, Error> {
    use rayon::prelude::*;
    let bank = cx.site.bank;
    let topics: Vec<(usize, usize)> = bank
        .categories
        .iter()
        .enumerate()
        .flat_map(|(ci, c)| (0..c.topics.len()).map(move |ti| (ci, ti)))
        .collect();
    // The cards of a category's topics as its topic pages show them: every topic page of a
    // category is in a sibling folder, so each card links the same way from all of them.
    let siblings: Vec<Vec<String>> = bank
        .categories
        .iter()
        .enumerate()
        .map(|(ci, category)| {
            // A topic folder that is none of the topics: a card never links to its own page.
            let from = cx.path(&[&category.slug, "", "index.html"]);
            (0..category.topics.len())
                .map(|ti| card(cx, &from, ci, category, ti))
                .collect()
        })
        .collect();
    let mut done: Vec<TopicDone> = topics
        .par_iter()
        .map(|&(ci, ti)| {
            let category = &bank.categories[ci];
            let topic = &category.topics[ti];
            let mut warnings = Vec::new();
            let pages = topic_pages(cx, &siblings[ci], ci, ti, category, topic, &mut warnings);
            (pages, warnings)
        })
        .collect();
    drop(siblings);
    let mut pages = vec![cx.shell(index(cx))];
    let mut done = done.drain(..);
    for (ci, category) in bank.categories.iter().enumerate() {
        pages.push(cx.shell(category_page(cx, ci, category)));
        for _ in &category.topics {
            let Some((topic_pages, topic_warnings)) = done.next() else {
                unreachable!("one result per topic");
            };
            warnings.extend(topic_warnings);
            pages.extend(topic_pages?);
        }
    }
    Ok(pages)
}

/// Which pages [`some`] writes, by indices of category, topic and question.
#[derive(Debug, Default)]
pub struct Only {
    /// The language's index page.
    pub index: bool,
    /// The category pages.
    pub categories: std::collections::BTreeSet<usize>,
    /// The topics whose every page is written.
    pub topics: std::collections::BTreeSet<(usize, usize)>,
    /// The topics whose index page alone is written.
    pub topic_indexes: std::collections::BTreeSet<(usize, usize)>,
    /// The question pages, outside `topics`.
    pub questions: std::collections::BTreeSet<(usize, usize, usize)>,
}

/// The pages of one language that `only` picks, framed as [`language`] frames them.
pub fn some(cx: &Cx<'_>, only: &Only) -> Result<Vec<Framed>, Error> {
    use rayon::prelude::*;
    let bank = cx.site.bank;
    let siblings = |ci: usize| -> Vec<String> {
        let category = &bank.categories[ci];
        let from = cx.path(&[&category.slug, "", "index.html"]);
        (0..category.topics.len())
            .map(|ti| card(cx, &from, ci, category, ti))
            .collect()
    };
    let mut pages = Vec::new();
    if only.index {
        pages.push(cx.shell(index(cx)));
    }
    for &ci in &only.categories {
        pages.push(cx.shell(category_page(cx, ci, &bank.categories[ci])));
    }
    let with_siblings: std::collections::BTreeSet<usize> = only
        .topics
        .iter()
        .chain(&only.topic_indexes)
        .map(|&(ci, _)| ci)
        .collect();
    let cards: BTreeMap<usize, Vec<String>> = with_siblings
        .into_iter()
        .map(|ci| (ci, siblings(ci)))
        .collect();
    let topics: Vec<&(usize, usize)> = only.topics.iter().collect();
    let done: Vec<Result<Vec<Framed>, Error>> = topics
        .par_iter()
        .map(|&&(ci, ti)| {
            let category = &bank.categories[ci];
            let mut warnings = Vec::new();
            topic_pages(
                cx,
                &cards[&ci],
                ci,
                ti,
                category,
                &category.topics[ti],
                &mut warnings,
            )
        })
        .collect();
    for topic_pages in done {
        pages.extend(topic_pages?);
    }
    for &(ci, ti) in &only.topic_indexes {
        let category = &bank.categories[ci];
        let topic = &category.topics[ti];
        pages.push(cx.shell(topic_page(cx, &cards[&ci], ci, ti, category, topic)));
    }
    let questions: Vec<&(usize, usize, usize)> = only.questions.iter().collect();
    pages.par_extend(questions.par_iter().map(|&&(ci, ti, qi)| {
        let category = &bank.categories[ci];
        let topic = &category.topics[ti];
        cx.shell(question_page(
            cx,
            ci,
            ti,
            category,
            topic,
            qi,
            &topic.questions[qi],
        ))
    }));
    Ok(pages)
}

/// The pages of one topic: its index, its practice page and its questions, framed.
fn topic_pages(
    cx: &Cx<'_>,
    siblings: &[String],
    ci: usize,
    ti: usize,
    category: &Category,
    topic: &Topic,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Framed>, Error> {
    let mut pages = Vec::with_capacity(topic.questions.len() + 2);
    pages.push(cx.shell(topic_page(cx, siblings, ci, ti, category, topic)));
    pages.push(cx.shell(practice_page(cx, ci, ti, category, topic, warnings)?));
    for (n, question) in topic.questions.iter().enumerate() {
        pages.push(cx.shell(question_page(cx, ci, ti, category, topic, n, question)));
    }
    Ok(pages)
}

/// A list of topics as cards: title, summary, number of questions.
fn topic_cards(
    cx: &Cx<'_>,
    from: &[String],
    ci: usize,
    category: &Category,
    skip: Option<&str>,
) -> String {
    let mut out = String::from("<ul class=\"cards\">\n");
    for (ti, topic) in category.topics.iter().enumerate() {
        if Some(topic.slug.as_str()) != skip {
            out.push_str(&card(cx, from, ci, category, ti));
        }
    }
    out.push_str("</ul>\n");
    out
}

/// The cards of `category`'s topics but `skip`, from the cards computed for its topic pages
/// (`siblings`): what [`topic_cards`] gives for a topic page.
fn sibling_cards(siblings: &[String], category: &Category, skip: &str) -> String {
    let mut out = String::with_capacity(siblings.iter().map(String::len).sum::<usize>() + 32);
    out.push_str("<ul class=\"cards\">\n");
    for (topic, card) in category.topics.iter().zip(siblings) {
        if topic.slug != skip {
            out.push_str(card);
        }
    }
    out.push_str("</ul>\n");
    out
}

/// One topic's card as the page at `from` shows it.
fn card(cx: &Cx<'_>, from: &[String], ci: usize, category: &Category, ti: usize) -> String {
    let topic = &category.topics[ti];
    let text = &cx.r.topic(ci, ti);
    let url = relative_url(
        &refs(from),
        &refs(&cx.topic_path(category, topic, "index.html")),
    );
    format!(
        "<li><a href=\"{url}\"><strong>{title}</strong> {summary}<span class=\"count\">{count}</span></a></li>\n",
        url = esc(&url),
        title = esc(&text.title),
        summary = text.card_summary,
        count = esc(&cx.s().questions(topic.questions.len())),
    )
}

fn index(cx: &Cx<'_>) -> Page {
    let path = cx.lang_index();
    let bank = cx.site.bank;
    let mut main = format!("<h1>{}</h1>\n", esc(&cx.bank_title()));
    for (ci, category) in bank.categories.iter().enumerate() {
        let url = relative_url(&refs(&path), &refs(&cx.category_path(category)));
        let _ = write!(
            main,
            "<section>\n<h2><a href=\"{url}\">{title}</a></h2>\n",
            url = esc(&url),
            title = esc(&cx.r.category_titles[ci]),
        );
        if let Some(description) = &category.meta.description {
            main.push_str(&cx.block_in(description, &category.slug, path.len() - 1));
        }
        main.push_str(&topic_cards(cx, &path, ci, category, None));
        main.push_str("</section>\n");
    }
    let description = cx.r.category_titles.join(", ");
    Page {
        title: cx.bank_title(),
        description,
        path,
        crumbs: Vec::new(),
        scripts: &[],
        main,
    }
}

fn category_page(cx: &Cx<'_>, ci: usize, category: &Category) -> Page {
    let path = cx.category_path(category);
    let title = cx.r.category_titles[ci].clone();
    let mut main = format!("<h1>{}</h1>\n", esc(&title));
    let description = category
        .meta
        .description
        .as_ref()
        .map(|d| cx.text(d))
        .unwrap_or_default();
    if let Some(d) = &category.meta.description {
        main.push_str(&cx.block_in(d, &category.slug, path.len() - 1));
    }
    let _ = writeln!(
        main,
        "<h2>{}</h2>",
        esc(&fill(&cx.s().topics_in, &[("category", &title)]))
    );
    main.push_str(&topic_cards(cx, &path, ci, category, None));
    Page {
        title: format!("{title} · {}", cx.bank_title()),
        description: plain(description),
        path,
        crumbs: vec![(cx.bank_title(), cx.lang_index())],
        scripts: &[],
        main,
    }
}

/// The storage key of a topic's practice state: per bank and topic, shared by its languages.
fn storage_key(cx: &Cx<'_>, category: &Category, topic: &Topic) -> String {
    format!(
        "quizkit:{}:{}/{}",
        cx.site.bank.config.id.as_str(),
        category.slug,
        topic.slug
    )
}

fn topic_page(
    cx: &Cx<'_>,
    siblings: &[String],
    ci: usize,
    ti: usize,
    category: &Category,
    topic: &Topic,
) -> Page {
    let s = cx.s();
    let path = cx.topic_path(category, topic, "index.html");
    let title = cx.r.topic(ci, ti).title.clone();
    let category_title = cx.r.category_titles[ci].clone();
    let summary = topic
        .meta
        .summary
        .as_ref()
        .map(|t| cx.text(t))
        .unwrap_or("");
    let mut main = format!("<h1>{}</h1>\n", esc(&title));
    let dir = quizkit_model::Bank::topic_dir(category, topic);
    if let Some(text) = topic.meta.summary.as_ref().filter(|_| !summary.is_empty()) {
        let _ = writeln!(
            main,
            "<div class=\"lead\">{}</div>",
            cx.block_in(text, &dir, path.len() - 1)
        );
    }
    let short = topic.questions.len().min(SHORT_PRACTICE);
    let questions = s.questions(short);
    let minutes = s.minutes(short);
    let _ = write!(
        main,
        "<section class=\"practice-modes\" aria-labelledby=\"practice-modes\">\n\
         <h2 id=\"practice-modes\" class=\"visually-hidden\">{heading}</h2>\n\
         <ul class=\"modes\" data-storage-key=\"{key}\">\n\
         <li><a class=\"mode\" href=\"practice.html#ten\"><strong>{ten}</strong> <span>{ten_note}</span></a></li>\n\
         <li><a class=\"mode\" href=\"practice.html#all\"><strong>{all}</strong> <span>{all_note}</span></a></li>\n\
         <li><a class=\"mode\" href=\"practice.html#weak\"><strong>{weak}</strong> <span>{weak_note}</span> \
         <span class=\"count\" data-weak-count data-one=\"{one}\" data-other=\"{other}\" data-none=\"{none}\" hidden></span></a></li>\n\
         </ul>\n</section>\n",
        heading = esc(&s.practice_heading),
        key = esc(&storage_key(cx, category, topic)),
        ten = esc(&fill(&s.practice_ten, &[("questions", &questions)])),
        ten_note = esc(&fill(&s.practice_ten_note, &[("minutes", &minutes)])),
        all = esc(&s.practice_all),
        all_note = esc(&s.practice_all_note),
        weak = esc(&s.practice_weak),
        weak_note = esc(&s.practice_weak_note),
        one = esc(script_string(cx, "weak_count_one")),
        other = esc(script_string(cx, "weak_count_other")),
        none = esc(script_string(cx, "weak_count_none")),
    );
    if !topic.meta.key_points.is_empty() {
        let _ = write!(
            main,
            "<section class=\"key-points\">\n<h2>{}</h2>\n",
            esc(&fill(&s.key_points, &[("topic", &title)]))
        );
        for point in &topic.meta.key_points {
            main.push_str(&cx.block_in(point, &dir, path.len() - 1));
        }
        main.push_str("</section>\n");
    }
    let _ = write!(
        main,
        "<section id=\"questions\">\n<h2>{}</h2>\n<ol class=\"questions\">\n",
        esc(&fill(
            &s.all_questions,
            &[("topic", &title), ("n", &topic.questions.len().to_string())]
        ))
    );
    let from = refs(&path);
    for (qi, question) in topic.questions.iter().enumerate() {
        let url = cx.question_url(&from, category, topic, question);
        let _ = writeln!(
            main,
            "<li data-qid=\"{}\"><a href=\"{}\">{}</a></li>",
            esc(question.id.as_str()),
            esc(&url),
            cx.r.question(ci, ti, qi).stem_phrasing()
        );
    }
    main.push_str("</ol>\n</section>\n");
    main.push_str(&other_topics(
        cx,
        &path,
        siblings,
        category,
        topic,
        &category_title,
    ));
    Page {
        title: format!("{title} · {}", cx.bank_title()),
        description: plain(summary),
        crumbs: vec![
            (cx.bank_title(), cx.lang_index()),
            (category_title, cx.category_path(category)),
        ],
        path,
        scripts: &["site.js"],
        main,
    }
}

/// "Other topics in …" with the category's other topics, or a link to the category when the
/// topic is its only one.
fn other_topics(
    cx: &Cx<'_>,
    from: &[String],
    siblings: &[String],
    category: &Category,
    topic: &Topic,
    category_title: &str,
) -> String {
    let s = cx.s();
    if category.topics.len() > 1 {
        format!(
            "<section>\n<h2>{}</h2>\n{}</section>\n",
            esc(&fill(&s.other_topics_in, &[("category", category_title)])),
            sibling_cards(siblings, category, &topic.slug)
        )
    } else {
        let url = relative_url(&refs(from), &refs(&cx.category_path(category)));
        format!(
            "<p class=\"more\"><a href=\"{}\">{}</a></p>\n",
            esc(&url),
            esc(&fill(&s.topics_in, &[("category", category_title)]))
        )
    }
}

/// A string of the `[script]` table, or "" (a unit test checks every one used exists).
fn script_string<'s>(cx: &'s Cx<'_>, key: &str) -> &'s str {
    cx.s().script.get(key).map_or("", String::as_str)
}

fn question_page(
    cx: &Cx<'_>,
    ci: usize,
    ti: usize,
    category: &Category,
    topic: &Topic,
    n: usize,
    question: &Question,
) -> Page {
    let s = cx.s();
    let question_text = cx.r.question(ci, ti, n);
    let text = &question_text.page;
    let path = cx.question_path(category, topic, question);
    let from = refs(&path);
    let topic_title = cx.r.topic(ci, ti).title.clone();
    let number = fill(
        &s.question_number,
        &[
            ("n", &(n + 1).to_string()),
            ("total", &topic.questions.len().to_string()),
        ],
    );
    let keys = question.key_indices();
    let letters: Vec<char> = keys.iter().map(|&i| index_letter(i)).collect();
    let letters = s.letters(&letters);
    // Room for the page without growing it: the texts and about 3 KiB of markup.
    let mut main = String::with_capacity(
        4096 + text.stem_block.len()
            + text.explanation.as_ref().map_or(0, String::len)
            + 2 * text.options.iter().map(String::len).sum::<usize>()
            + text
                .feedback
                .iter()
                .flatten()
                .map(String::len)
                .sum::<usize>(),
    );
    let _ = write!(
        main,
        "<article class=\"question\" data-qid=\"{id}\" data-storage-key=\"{key}\">\n\
         <p class=\"kicker\">{topic} · {number}</p>\n",
        id = esc(question.id.as_str()),
        key = esc(&storage_key(cx, category, topic)),
        topic = esc(&topic_title),
        number = esc(&number),
    );
    let stem_html = question_text.stem_inline();
    if super::has_block(stem_html) {
        let _ = writeln!(
            main,
            "<h1 class=\"visually-hidden\">{}</h1>\n<div class=\"stem\">{}</div>",
            esc(&number),
            text.stem_block
        );
    } else {
        let _ = writeln!(main, "<h1 class=\"stem\">{stem_html}</h1>");
    }
    let key_attr: Vec<String> = keys.iter().map(usize::to_string).collect();
    let _ = writeln!(
        main,
        "<ol class=\"options\" aria-label=\"{label}\" data-key=\"{key}\" data-multiple=\"{multiple}\">",
        label = esc(&s.options_label),
        key = key_attr.join(" "),
        multiple = question.is_multiple_response(),
    );
    let options = &text.options;
    for (i, option) in options.iter().enumerate() {
        let _ = writeln!(
            main,
            "<li><span class=\"letter\">{}</span> <span class=\"option-text\">{option}</span></li>",
            index_letter(i),
        );
    }
    main.push_str("</ol>\n");
    let _ = writeln!(
        main,
        "<p class=\"verdict\" role=\"status\" data-correct=\"{correct}\" data-wrong=\"{wrong}\" data-check=\"{check}\" data-choose-all=\"{choose_all}\"></p>",
        correct = esc(script_string(cx, "correct")),
        wrong = esc(&fill(script_string(cx, "wrong"), &[("letters", &letters)])),
        check = esc(script_string(cx, "check")),
        choose_all = esc(script_string(cx, "choose_all")),
    );
    let _ = write!(
        main,
        "<details class=\"answer\">\n<summary>{}</summary>\n",
        esc(&s.show_answer)
    );
    if !keys.is_empty() {
        let key_texts: Vec<&str> = keys
            .iter()
            .filter_map(|&i| options.get(i))
            .map(String::as_str)
            .collect();
        let _ = writeln!(
            main,
            "<p class=\"key\"><strong>{}</strong> {}</p>",
            esc(&fill(&s.answer_is, &[("letters", &letters)])),
            key_texts.join(" · ")
        );
    }
    if let Some(explanation) = &text.explanation {
        let _ = writeln!(main, "<div class=\"explanation\">{explanation}</div>");
    }
    let feedback: Vec<(usize, &str)> = text
        .feedback
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.as_deref().map(|f| (i, f)))
        .collect();
    if !feedback.is_empty() {
        let _ = write!(
            main,
            "<h2 class=\"feedback-heading\">{}</h2>\n<dl class=\"feedback\">\n",
            esc(&s.feedback_heading)
        );
        for (i, text) in feedback {
            let _ = writeln!(
                main,
                "<dt>{letter}</dt><dd id=\"feedback-{i}\">{text}</dd>",
                letter = index_letter(i)
            );
        }
        main.push_str("</dl>\n");
    }
    main.push_str("</details>\n</article>\n");
    let practice = relative_url(
        &from,
        &refs(&cx.topic_path(category, topic, "practice.html")),
    );
    let topic_url = relative_url(&from, &refs(&cx.topic_path(category, topic, "index.html")));
    let _ = writeln!(
        main,
        "<p class=\"actions\"><a class=\"button\" href=\"{practice}#all\">{practise}</a> \
         <a class=\"button secondary\" href=\"{topic_url}\">{to_topic}</a></p>",
        practice = esc(&practice),
        practise = esc(&s.practise_topic),
        topic_url = esc(&topic_url),
        to_topic = esc(&s.to_topic),
    );
    main.push_str(&pager(cx, &from, category, topic, n));
    main.push_str(&more_questions(
        cx,
        &from,
        (ci, ti),
        category,
        topic,
        n,
        question,
        &topic_title,
    ));
    Page {
        title: format!("{} · {topic_title}", question_text.stem_plain),
        description: question_text.stem_plain.clone(),
        crumbs: vec![
            (cx.bank_title(), cx.lang_index()),
            (cx.r.category_titles[ci].clone(), cx.category_path(category)),
            (topic_title, cx.topic_path(category, topic, "index.html")),
        ],
        path,
        scripts: &["site.js"],
        main,
    }
}

/// Links to the previous and the next question of the topic.
fn pager(cx: &Cx<'_>, from: &[&str], category: &Category, topic: &Topic, n: usize) -> String {
    let s = cx.s();
    let link = |question: Option<&Question>, rel: &str, label: &str| {
        question.map(|q| {
            let url = cx.question_url(from, category, topic, q);
            format!("<a rel=\"{rel}\" href=\"{}\">{}</a>", esc(&url), esc(label))
        })
    };
    let previous = link(
        n.checked_sub(1).and_then(|p| topic.questions.get(p)),
        "prev",
        &s.previous_question,
    );
    let next = link(topic.questions.get(n + 1), "next", &s.next_question);
    if previous.is_none() && next.is_none() {
        return String::new();
    }
    format!(
        "<nav class=\"pager\" aria-label=\"{}\">{}{}</nav>\n",
        esc(&s.question_pager_label),
        previous.unwrap_or_default(),
        next.unwrap_or_default()
    )
}

/// "More questions about …": the related questions that exist, else the next ones.
#[allow(clippy::too_many_arguments)]
fn more_questions(
    cx: &Cx<'_>,
    from: &[&str],
    (ci, ti): (usize, usize),
    category: &Category,
    topic: &Topic,
    n: usize,
    question: &Question,
    topic_title: &str,
) -> String {
    let mut picked: Vec<(&Category, &Topic, &Question, &str)> = Vec::new();
    for id in &question.related {
        if let Some((c, t, q, place)) = cx.site.find(id.as_str())
            && q.id.value != question.id.value
            && !picked.iter().any(|(_, _, p, _)| p.id.value == q.id.value)
            && picked.len() < MORE
        {
            let stem =
                cx.r.question(place.category, place.topic, place.index)
                    .stem_phrasing();
            picked.push((c, t, q, stem));
        }
    }
    if picked.is_empty() {
        let count = topic.questions.len();
        picked = (1..count)
            .map(|step| (n + step) % count)
            .take(MORE)
            .map(|i| {
                let stem = cx.r.question(ci, ti, i).stem_phrasing();
                (category, topic, &topic.questions[i], stem)
            })
            .collect();
    }
    if picked.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "<section class=\"more\">\n<h2>{}</h2>\n<ol class=\"questions\">\n",
        esc(&fill(&cx.s().more_questions, &[("topic", topic_title)]))
    );
    for (c, t, q, stem) in picked {
        let url = cx.question_url(from, c, t, q);
        let _ = writeln!(out, "<li><a href=\"{}\">{stem}</a></li>", esc(&url));
    }
    out.push_str("</ol>\n</section>\n");
    out
}

fn practice_page(
    cx: &Cx<'_>,
    ci: usize,
    ti: usize,
    category: &Category,
    topic: &Topic,
    warnings: &mut Vec<Warning>,
) -> Result<Page, Error> {
    let s = cx.s();
    let path = cx.topic_path(category, topic, "practice.html");
    let topic_title = cx.r.topic(ci, ti).title.clone();
    let title = fill(&s.practice_title, &[("topic", &topic_title)]);
    let key = storage_key(cx, category, topic);
    let data = practice::data(cx, (ci, ti), category, topic, &key, warnings);
    let json = script_json(&data).map_err(|e| Error {
        question: None,
        message: format!("cannot write the practice data of `{}`: {e}", topic.slug),
    })?;
    let main = format!(
        "<h1>{title}</h1>\n<noscript><p>{no_script} <a href=\"index.html#questions\">{all}</a></p></noscript>\n\
         <div id=\"practice\" class=\"practice\"></div>\n\
         <script type=\"application/json\" id=\"practice-data\">{json}</script>\n",
        title = esc(&title),
        no_script = esc(&s.no_script),
        all = esc(&fill(
            &s.all_questions,
            &[
                ("topic", &topic_title),
                ("n", &topic.questions.len().to_string())
            ]
        )),
    );
    Ok(Page {
        title: format!("{title} · {}", cx.bank_title()),
        description: topic
            .meta
            .summary
            .as_ref()
            .map(|t| plain(cx.text(t)))
            .unwrap_or_default(),
        crumbs: vec![
            (cx.bank_title(), cx.lang_index()),
            (cx.r.category_titles[ci].clone(), cx.category_path(category)),
            (topic_title, cx.topic_path(category, topic, "index.html")),
        ],
        path,
        scripts: &["site.js", "practice.js"],
        main,
    })
}
