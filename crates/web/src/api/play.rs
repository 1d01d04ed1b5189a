//! `GET /api/levels`, `/api/level?id=BAND/N` and `/api/daily?date=YYYY-MM-DD`
//! (the numbered levels and the day's puzzle, computed from what the binary
//! carries), and `POST /api/review`: a game's review, a search run through
//! [`Jobs`] like a solve's ([`unblocker_api::review`]).

use crate::jobs::{finish, Jobs};
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use std::sync::Arc;
use unblocker_api::{json_body, read_query, ApiError, ReviewRequest};
use unblocker_solve::Solver;

pub async fn levels() -> Json<Value> {
    Json(unblocker_api::levels())
}

#[derive(Deserialize)]
struct LevelQuery {
    id: String,
}

pub async fn level(RawQuery(query): RawQuery) -> Result<Json<Value>, ApiError> {
    let query: LevelQuery = read_query(query.as_deref().unwrap_or(""))?;
    unblocker_api::level(&query.id).map(Json)
}

#[derive(Deserialize)]
struct DailyQuery {
    date: String,
}

pub async fn daily(RawQuery(query): RawQuery) -> Result<Json<Value>, ApiError> {
    let query: DailyQuery = read_query(query.as_deref().unwrap_or(""))?;
    unblocker_api::daily(&query.date).map(Json)
}

pub async fn review(State(jobs): State<Arc<Jobs>>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let review = json_body::<ReviewRequest>(&body)?.job(&jobs.limits.budget())?;
    let (handle, _cancel_on_drop) = jobs
        .start(review.job.budget, None, move |control| {
            unblocker_api::review(&mut Solver::new(), &review, control)
        })
        .await?;
    finish(handle).await.map(Json)
}
