//! Concurrent requests for one missing page share one render: the first starts it, the others wait
//! for its result (an error included) instead of queueing renders of their own.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use tokio::sync::OnceCell;

pub struct SingleFlight<K, V> {
    flights: Mutex<HashMap<K, Arc<OnceCell<V>>>>,
}

impl<K, V> Default for SingleFlight<K, V> {
    fn default() -> Self {
        Self { flights: Mutex::default() }
    }
}

impl<K: Hash + Eq + Clone, V: Clone> SingleFlight<K, V> {
    /// The result of `work` for `key`, run once for all the callers that ask while it runs. If the
    /// caller running it goes away (its client disconnected), one of the waiting callers takes over;
    /// if every caller goes away, the last one to leave removes the flight, so no key outlives its
    /// callers. `work` should look in its store first: a caller arriving just after a flight ended
    /// starts a new one, which then finds the page the last one stored.
    pub async fn run<F: Future<Output = V>>(&self, key: K, work: impl FnOnce() -> F) -> V {
        let flight = Arc::clone(self.lock().entry(key.clone()).or_default());
        let caller = Caller { flights: self, key, flight };
        caller.flight.get_or_init(work).await.clone()
    }

    /// Flights under way.
    pub fn len(&self) -> usize {
        self.lock().len()
    }
}

impl<K, V> SingleFlight<K, V> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Arc<OnceCell<V>>>> {
        self.flights.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One caller's share of a flight. Dropped when the caller has its value or is cancelled (its future
/// dropped): then the flight leaves the map if it is finished or if no other caller holds it.
struct Caller<'a, K: Hash + Eq, V> {
    flights: &'a SingleFlight<K, V>,
    key: K,
    flight: Arc<OnceCell<V>>,
}

impl<K: Hash + Eq, V> Drop for Caller<'_, K, V> {
    fn drop(&mut self) {
        let mut flights = self.flights.lock();
        // Callers join only under this lock, so the count is exact: the map's reference and ours
        // alone mean no one else waits.
        let last = Arc::strong_count(&self.flight) == 2;
        let ours = flights.get(&self.key).is_some_and(|current| Arc::ptr_eq(current, &self.flight));
        if ours && (last || self.flight.initialized()) {
            flights.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn concurrent_callers_share_one_run_and_a_later_caller_runs_again() {
        let flights = Arc::new(SingleFlight::<&str, usize>::default());
        let runs = Arc::new(AtomicUsize::new(0));
        let (release, wait) = tokio::sync::watch::channel(false);
        let callers: Vec<_> = (0..50)
            .map(|_| {
                let (flights, runs, mut wait) = (Arc::clone(&flights), Arc::clone(&runs), wait.clone());
                tokio::spawn(async move {
                    flights
                        .run("page", || async move {
                            let _ = wait.wait_for(|go| *go).await;
                            runs.fetch_add(1, Ordering::SeqCst) + 1
                        })
                        .await
                })
            })
            .collect();
        while flights.len() == 0 {
            tokio::task::yield_now().await;
        }
        release.send(true).unwrap();
        for caller in callers {
            assert_eq!(caller.await.unwrap(), 1);
        }
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert!(flights.len() == 0, "a finished flight is forgotten");
        assert_eq!(flights.run("page", || async { 7 }).await, 7);
    }

    #[tokio::test]
    async fn a_cancelled_caller_hands_the_work_to_a_waiting_one() {
        let flights = Arc::new(SingleFlight::<&str, &str>::default());
        let first = tokio::spawn({
            let flights = Arc::clone(&flights);
            async move { flights.run("page", std::future::pending).await }
        });
        while flights.len() == 0 {
            tokio::task::yield_now().await;
        }
        let second = tokio::spawn({
            let flights = Arc::clone(&flights);
            async move { flights.run("page", || async { "second" }).await }
        });
        tokio::task::yield_now().await;
        first.abort();
        assert_eq!(second.await.unwrap(), "second");
        assert!(flights.len() == 0);
    }

    #[tokio::test]
    async fn a_flight_whose_callers_all_went_away_is_forgotten() {
        let flights = Arc::new(SingleFlight::<String, ()>::default());
        let callers: Vec<_> = (0..3)
            .map(|_| {
                let flights = Arc::clone(&flights);
                tokio::spawn(async move { flights.run("q=abandoned search".to_owned(), std::future::pending).await })
            })
            .collect();
        while flights.len() == 0 {
            tokio::task::yield_now().await;
        }
        for caller in callers {
            caller.abort();
            assert!(caller.await.unwrap_err().is_cancelled());
        }
        assert_eq!(flights.len(), 0, "no caller is left, so neither is the flight (nor its search text)");
    }
}
