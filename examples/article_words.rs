//! Prints each article's word count (intro, diagnosis, remedies and conclusion: the text the
//! reading-time rule counts) and its reading time, from the content the server embeds.
//! Run: `cargo run --example article_words` (add `-- path/to/content` to read a folder instead).

use clinic_site::content::{Content, ContentSource};

fn main() {
    let source = std::env::args().nth(1).map_or(ContentSource::Embedded, |dir| ContentSource::Dir(dir.into()));
    let content = match Content::load(source) {
        Ok(content) => content,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(1);
        }
    };
    println!("{:<36} {:>6} {:>9}", "article", "words", "min read");
    for article in &content.articles {
        println!("{:<36} {:>6} {:>9}", article.slug, article.word_count(), article.reading_minutes());
    }
}
