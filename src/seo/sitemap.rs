//! `/sitemap.xml` (sitemaps.org protocol 0.9) and `/robots.txt`, which points crawlers to it.

use std::fmt::Write;

use chrono::NaiveDate;
use html_escape::encode_text as text;

use super::absolute;
use crate::content::Content;
use crate::routes::{Route, RouteTable};

pub const SITEMAP_PATH: &str = "/sitemap.xml";

/// When a page's main content last changed. An article's is its date; the blog list's is its newest
/// article's; home's is the later of its file's `updated` and the newest article, whose teaser it
/// shows; every other page's is its file's `updated`. Never the build or start-up time, which would
/// tell crawlers that everything changed at every deployment.
pub fn lastmod(content: &Content, route: Route) -> Option<NaiveDate> {
    let newest_article = content.articles.iter().map(|a| a.date).max();
    match route {
        Route::Home => newest_article.max(Some(content.home.updated)),
        Route::About => Some(content.about.updated),
        Route::Appointment => Some(content.appointment.updated),
        Route::Contact => Some(content.contact.updated),
        Route::Therapy => Some(content.therapy.updated),
        Route::Blogs => newest_article,
        Route::Service(i) => content.services.get(i).map(|s| s.updated),
        Route::Article(i) => content.articles.get(i).map(|a| a.date),
        Route::NotFound => None,
    }
}

/// Every known path (the route table holds canonical paths only: no redirect, no query variant,
/// no not-found page) as an absolute URL.
pub fn sitemap_xml(content: &Content, routes: &RouteTable, site_url: &str) -> String {
    let mut xml = String::from(concat!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    ));
    for (path, route) in routes.paths() {
        let _ = write!(xml, "<url><loc>{}</loc>", text(&absolute(site_url, path)));
        if let Some(date) = lastmod(content, route) {
            let _ = write!(xml, "<lastmod>{}</lastmod>", date.format("%Y-%m-%d"));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots_txt(site_url: &str) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {}\n", absolute(site_url, SITEMAP_PATH))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentSource;

    #[test]
    fn lastmod_comes_from_article_dates_and_the_page_files() {
        let mut content = Content::load(ContentSource::Embedded).expect("the embedded content is valid");
        let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        for (i, article) in content.articles.iter_mut().enumerate() {
            article.date = date(2024, 1, 1 + i as u32);
        }
        let newest = date(2024, 1, content.articles.len() as u32);
        content.home.updated = date(2023, 5, 1);
        content.services[2].updated = date(2025, 3, 9);
        content.contact.updated = date(2025, 4, 1);

        assert_eq!(lastmod(&content, Route::Article(3)), Some(date(2024, 1, 4)));
        assert_eq!(lastmod(&content, Route::Blogs), Some(newest));
        assert_eq!(lastmod(&content, Route::Home), Some(newest), "home shows the newest posts");
        content.home.updated = date(2025, 1, 1);
        assert_eq!(lastmod(&content, Route::Home), Some(date(2025, 1, 1)));
        assert_eq!(lastmod(&content, Route::Service(2)), Some(date(2025, 3, 9)));
        assert_eq!(lastmod(&content, Route::Contact), Some(date(2025, 4, 1)));
        assert_eq!(lastmod(&content, Route::NotFound), None);
    }
}
