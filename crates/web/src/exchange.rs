//! A connection's service, which keeps the connection busy ([`Exchange`])
//! from a request's arrival to the end of its answer's body: a search
//! streaming its progress is busy between two lines, and only a connection
//! with no request and no answer is idle ([`crate::held`]).

use crate::held::{Activity, Exchange};
use axum::http::{Request, Response};
use http_body::{Body, Frame, SizeHint};
use hyper::service::Service;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

/// `inner`, with each exchange counted in `activity`.
pub(crate) struct Watched<S> {
    pub(crate) inner: S,
    pub(crate) activity: Arc<Activity>,
}

impl<S, R, B> Service<Request<R>> for Watched<S>
where
    S: Service<Request<R>, Response = Response<B>>,
    S::Future: Send + 'static,
{
    type Response = Response<Answer<B>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, S::Error>> + Send>>;

    fn call(&self, request: Request<R>) -> Self::Future {
        let exchange = Exchange::begin(&self.activity);
        let response = self.inner.call(request);
        Box::pin(async move {
            let response = response.await?;
            Ok(response.map(|body| Answer {
                body,
                _exchange: exchange,
            }))
        })
    }
}

/// An answer's body, which ends its exchange when hyper drops it (sent, or
/// the connection gone).
pub(crate) struct Answer<B> {
    body: B,
    _exchange: Exchange,
}

impl<B: Body + Unpin> Body for Answer<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
