//! `/sitemap.xml` (sitemaps.org protocol 0.9, with each page's language versions as `xhtml:link`
//! alternates) and `/robots.txt`, which points crawlers to it.

use std::fmt::Write;

use chrono::NaiveDate;
use html_escape::encode_text as text;

use super::hreflang;
use crate::base::origin::Origin;
use crate::content::blog::Article;
use crate::content::{Content, Editions};
use crate::routes::{alternates, paths, Page, RouteTable};

pub const SITEMAP_PATH: &str = "/sitemap.xml";

/// When a page's main content last changed. An article's is its date; the blog list's is its newest
/// article's; home's is the later of its file's `updated` and the newest article, whose teaser it
/// shows; every other page's is its file's `updated`. Never the build or start-up time, which would
/// tell crawlers that everything changed at every deployment.
pub fn lastmod(content: &Content, page: Page) -> Option<NaiveDate> {
    let newest_article = content.articles.iter().map(|a| a.date).max();
    match page {
        Page::Home => newest_article.max(Some(content.home.updated)),
        Page::About => Some(content.about.updated),
        Page::Appointment => Some(content.appointment.updated),
        Page::Contact => Some(content.contact.updated),
        Page::Therapy => Some(content.therapy.updated),
        Page::Blogs => newest_article,
        Page::Service(i) => content.services.get(i).map(|s| s.updated),
        Page::Article(i) => content.articles.get(i).map(Article::last_changed),
        Page::NotFound | Page::Offline => None,
    }
}

/// Every page at its canonical address, as an absolute URL, with its versions in each language
/// (itself included, and English as the default). The route table holds pages' own paths only: no
/// redirect, no query variant, no not-found page; the offline page is left out; an article a second edition shows is listed once,
/// at its canonical address.
pub fn sitemap_xml(content: &Editions, routes: &RouteTable, site_url: &Origin) -> String {
    let mut xml = String::from(concat!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
    ));
    for (path, route) in routes.paths() {
        let (_, canonical) = paths(content, route);
        if canonical != path || !route.page.is_indexed() {
            continue;
        }
        let _ = write!(xml, "<url><loc>{}</loc>", text(&site_url.url(path)));
        if let Some(date) = lastmod(content.get(route.lang), route.page) {
            let _ = write!(xml, "<lastmod>{}</lastmod>", date.format("%Y-%m-%d"));
        }
        for (tag, version) in hreflang(&alternates(content, route)) {
            let href = site_url.url(version);
            let _ = write!(xml, r#"<xhtml:link rel="alternate" hreflang="{tag}" href="{}"/>"#, text(&href));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots_txt(site_url: &Origin) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {}\n", site_url.url(SITEMAP_PATH))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::fixture;

    #[test]
    fn lastmod_comes_from_article_dates_and_the_page_files() {
        let mut content = fixture().en;
        let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        for (i, article) in content.articles.iter_mut().enumerate() {
            article.date = date(2024, 1, 1 + i as u32);
        }
        let newest = date(2024, 1, content.articles.len() as u32);
        content.home.updated = date(2023, 5, 1);
        content.services[2].updated = date(2025, 3, 9);
        content.contact.updated = date(2025, 4, 1);

        assert_eq!(lastmod(&content, Page::Article(3)), Some(date(2024, 1, 4)));
        assert_eq!(lastmod(&content, Page::Blogs), Some(newest));
        assert_eq!(lastmod(&content, Page::Home), Some(newest), "home shows the newest posts");
        content.home.updated = date(2025, 1, 1);
        assert_eq!(lastmod(&content, Page::Home), Some(date(2025, 1, 1)));
        assert_eq!(lastmod(&content, Page::Service(2)), Some(date(2025, 3, 9)));
        assert_eq!(lastmod(&content, Page::Contact), Some(date(2025, 4, 1)));
        assert_eq!(lastmod(&content, Page::NotFound), None);
    }
}
