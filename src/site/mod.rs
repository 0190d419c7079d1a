//! The version of the site being served. One immutable `Snapshot` (the content, its routes and site
//! files, and the pages rendered for one clinic date) is live at a time; a content reload or a new date
//! builds the next one beside it, renders its pages (`renderer`) and swaps it in whole (`live`), so no
//! request ever sees a mix of old and new pages.

pub(crate) mod live;
pub(crate) mod renderer;
pub(crate) mod snapshot;
