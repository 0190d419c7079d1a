//! The web app manifest: the name, icon and colours a phone uses when the site is added to its home
//! screen.

use serde_json::json;

use crate::content::site::Identity;

pub const MANIFEST_PATH: &str = "/manifest.webmanifest";
/// The brand's teal (`--teal` in client/styles.css): the browser's toolbar and the splash screen.
pub const THEME_COLOR: &str = "#1f5f5b";
/// The page background (client/styles.css `body`), shown before the first paint.
pub const BACKGROUND_COLOR: &str = "#ffffff";

pub fn web_manifest(site: &Identity) -> String {
    let icon_type = site.logo.mime();
    // A vector logo serves every size; launchers that want PNG take the 192 and 512 px copies.
    let sizes = if icon_type.essence_str() == "image/svg+xml" {
        "any".to_owned()
    } else {
        format!("{}x{}", site.logo.width, site.logo.height)
    };
    let mut icons = Vec::new();
    if let Some(made) = site.logo.icons() {
        for (src, size) in [(&made.icon192, 192), (&made.icon512, 512)] {
            icons.push(json!({ "src": src, "sizes": format!("{size}x{size}"), "type": "image/png", "purpose": "any" }));
        }
    }
    icons.push(json!({ "src": site.logo.src, "sizes": sizes, "type": icon_type.essence_str(), "purpose": "any" }));
    json!({
        "name": site.institute_name,
        "short_name": site.short_name,
        "description": site.description,
        "lang": "en",
        "start_url": "/",
        "scope": "/",
        // An information site, not an app: keep the back button and the address for sharing.
        "display": "minimal-ui",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": icons,
    })
    .to_string()
}
