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
    /// caller running it goes away (its client disconnected), one of the waiting callers takes over.
    /// `work` should look in its store first: a caller arriving just after a flight ended starts a
    /// new one, which then finds the page the last one stored.
    pub async fn run<F: Future<Output = V>>(&self, key: K, work: impl FnOnce() -> F) -> V {
        let flight = Arc::clone(self.lock().entry(key.clone()).or_default());
        let value = flight.get_or_init(work).await.clone();
        let mut flights = self.lock();
        if flights.get(&key).is_some_and(|current| Arc::ptr_eq(current, &flight)) {
            flights.remove(&key);
        }
        value
    }

    /// Flights under way.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Arc<OnceCell<V>>>> {
        self.flights.lock().unwrap_or_else(|e| e.into_inner())
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
        while flights.is_empty() {
            tokio::task::yield_now().await;
        }
        release.send(true).unwrap();
        for caller in callers {
            assert_eq!(caller.await.unwrap(), 1);
        }
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert!(flights.is_empty(), "a finished flight is forgotten");
        assert_eq!(flights.run("page", || async { 7 }).await, 7);
    }

    #[tokio::test]
    async fn a_cancelled_caller_hands_the_work_to_a_waiting_one() {
        let flights = Arc::new(SingleFlight::<&str, &str>::default());
        let first = tokio::spawn({
            let flights = Arc::clone(&flights);
            async move { flights.run("page", std::future::pending).await }
        });
        while flights.is_empty() {
            tokio::task::yield_now().await;
        }
        let second = tokio::spawn({
            let flights = Arc::clone(&flights);
            async move { flights.run("page", || async { "second" }).await }
        });
        tokio::task::yield_now().await;
        first.abort();
        assert_eq!(second.await.unwrap(), "second");
    }
}
