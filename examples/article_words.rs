//! Prints each article's word count (intro, diagnosis, remedies and conclusion: the text the
//! reading-time rule counts) and its reading time, in each edition, from the content the server embeds.
//! Run: `cargo run --example article_words` (add `-- path/to/content` to read a folder instead).

use clinic_site::content::{ContentSource, Editions};

fn main() {
    let source = std::env::args().nth(1).map_or(ContentSource::Embedded, |dir| ContentSource::Dir(dir.into()));
    let editions = match Editions::load(source) {
        Ok(editions) => editions,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(1);
        }
    };
    println!("{:<4} {:<36} {:>6} {:>9}", "lang", "article", "words", "min read");
    for content in editions.iter() {
        for article in content.articles.iter().filter(|a| a.is_canonical()) {
            let (words, minutes) = (article.word_count(), article.reading_minutes());
            println!("{:<4} {:<36} {words:>6} {minutes:>9}", content.lang.code(), article.slug);
        }
    }
}
