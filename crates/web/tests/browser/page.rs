//! A headless Chromium (Debian's `chromium` and `chromium-driver`, over
//! WebDriver with fantoccini) on the page of a fresh server: at desktop size
//! with a mouse, or at a phone's size with touch; with helpers to wait, read,
//! click, drag, swipe, audit with axe-core and save screenshots.

use crate::common::*;
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, TouchActions,
    MOUSE_BUTTON_LEFT,
};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use unblocker_web::Config;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// axe-core, installed by `npm ci --prefix crates/web/tests/axe`.
const AXE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/axe/node_modules/axe-core/axe.min.js"
);

/// One browser at a time: the machine has two cores.
pub static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The screen the page is shown on.
#[derive(Clone, Copy, Debug)]
pub enum Screen {
    /// A 1280×900 window, with a mouse.
    Desktop,
    /// A phone's CSS pixels (width, height), with touch and a mobile viewport.
    Phone(u32, u32),
}

impl Screen {
    pub fn name(self) -> String {
        match self {
            Screen::Desktop => "1280x900".to_string(),
            Screen::Phone(w, h) => format!("{w}x{h}"),
        }
    }
}

/// How the browser is started.
#[derive(Clone, Copy, Debug)]
pub struct Browser {
    pub screen: Screen,
    /// `prefers-reduced-motion: reduce`.
    pub reduced_motion: bool,
}

impl Default for Browser {
    fn default() -> Browser {
        Browser {
            screen: Screen::Desktop,
            reduced_motion: false,
        }
    }
}

/// A headless Chromium on a page of a fresh server.
pub struct Page {
    pub client: Client,
    /// chromedriver, the leader of the process group of the browser it starts.
    pub driver: Child,
    profile: PathBuf,
    pub base: String,
    pub screen: Screen,
}

/// Ends chromedriver and the Chromium it started (its own process group),
/// even when a test panics.
impl Drop for Page {
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// (rows, columns) of `distance` cells towards `direction`.
pub fn cells(direction: &str, distance: i32) -> (i32, i32) {
    match direction {
        "up" => (-distance, 0),
        "down" => (distance, 0),
        "left" => (0, -distance),
        _ => (0, distance),
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Page {
    pub async fn open(path: &str) -> Page {
        Page::launch(Config::default(), Browser::default(), path).await
    }

    pub async fn open_with(config: Config, path: &str) -> Page {
        Page::launch(config, Browser::default(), path).await
    }

    pub async fn launch(config: Config, browser: Browser, path: &str) -> Page {
        let base = start_with(config).await;
        Page::launch_at(base, browser, path).await
    }

    /// Chromium on `path` of a server already running at `base`.
    pub async fn launch_at(base: String, browser: Browser, path: &str) -> Page {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(tool).exists(),
                "{tool} is missing: install it with `apt-get install -y chromium chromium-driver`"
            );
        }
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile =
            std::env::temp_dir().join(format!("unblocker-web-{}-{port}", std::process::id()));
        let mut args = vec![
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            "--hide-scrollbars".into(),
            format!("--user-data-dir={}", profile.display()),
        ];
        if browser.reduced_motion {
            args.push("--force-prefers-reduced-motion".into());
        }
        let mut options = json!({ "binary": CHROMIUM });
        match browser.screen {
            Screen::Desktop => args.push("--window-size=1280,900".into()),
            Screen::Phone(width, height) => {
                options["mobileEmulation"] = json!({
                    "deviceMetrics": {
                        "width": width, "height": height, "pixelRatio": 2.0,
                        "touch": true, "mobile": true,
                    },
                });
            }
        }
        options["args"] = json!(args);
        let capabilities = json!({ "goog:chromeOptions": options });
        let mut builder =
            ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
        builder.capabilities(capabilities.as_object().unwrap().clone());
        let mut client = None;
        for _ in 0..100 {
            match builder.connect(&format!("http://127.0.0.1:{port}")).await {
                Ok(c) => {
                    client = Some(c);
                    break;
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
        let client = client.expect("chromedriver accepts a session");
        let page = Page {
            client,
            driver,
            profile,
            base,
            screen: browser.screen,
        };
        page.go(path).await;
        page
    }

    /// Ends the WebDriver session, which closes Chromium.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }

    pub async fn go(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap();
        self.wait(
            "the page is ready",
            "document.body.dataset.ready === 'true'",
        )
        .await;
    }

    /// Sends a Chrome DevTools Protocol command to the page (through
    /// chromedriver) and returns its result.
    pub async fn cdp(&self, command: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp {
                command: command.to_string(),
                params,
            })
            .await
            .unwrap_or_else(|e| panic!("{command}: {e}"))
    }

    pub async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.unwrap()
    }

    /// Runs a script that returns a string.
    pub async fn js_text(&self, script: &str) -> String {
        let value = self.js(script).await;
        value
            .as_str()
            .unwrap_or_else(|| panic!("{script} returned {value}, not a string"))
            .to_string()
    }

    /// Runs a script that calls its last argument with the answer.
    pub async fn js_async(&self, script: &str) -> Value {
        self.client.execute_async(script, vec![]).await.unwrap()
    }

    /// Waits up to 20 s for a JavaScript condition.
    pub async fn wait(&self, what: &str, condition: &str) {
        let script = format!("return !!({condition});");
        for _ in 0..400 {
            if self.client.execute(&script, vec![]).await.ok() == Some(Value::Bool(true)) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let messages = self
            .js("return [...document.querySelectorAll('.message, .result, #banner, #w-counter, #play-count')].map(n => n.id + ': ' + n.textContent).join(' | ')")
            .await;
        panic!("timed out waiting for {what} ({condition}); page says: {messages}");
    }

    /// Waits until nothing on the page moves (no CSS transition or
    /// animation and no scripted one running: a piece gliding, the win's
    /// flash) and the browser has drawn it since, as a measurement or a
    /// screenshot of the view at rest needs.
    pub async fn settled(&self) {
        self.wait("the page at rest", "document.getAnimations().length === 0")
            .await;
        self.drawn().await;
    }

    /// Waits until the browser has drawn the page as it is now: the frame
    /// in which a change made before shows, and the one after it.
    pub async fn drawn(&self) {
        self.js_async(
            "const done = arguments[arguments.length - 1];
             requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
        )
        .await;
    }

    pub async fn text(&self, css: &str) -> String {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    /// Clicks (taps, on a phone) an element.
    pub async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// Opens a view by its tab and waits until it shows: leaving the editor
    /// waits for the draft's check first, so the view comes a moment later.
    pub async fn view(&self, name: &str) {
        self.click(&format!("#tab-{name}")).await;
        self.wait(
            &format!("the {name} view"),
            &format!("document.querySelector('.view.active').id === 'panel-{name}'"),
        )
        .await;
    }

    /// Presses and releases keys together (modifiers first), as one chord.
    pub async fn chord(&self, keys: &[char]) {
        let mut actions = KeyActions::new("keyboard".to_string());
        for &key in keys {
            actions = actions.then(KeyAction::Down { value: key });
        }
        for &key in keys.iter().rev() {
            actions = actions.then(KeyAction::Up { value: key });
        }
        self.client.perform_actions(actions).await.unwrap();
    }

    pub async fn key(&self, key: char) {
        self.chord(&[key]).await;
    }

    /// Picks the picture at `path` in the Load view's file input, as a
    /// player choosing a screenshot does.
    pub async fn pick_file(&self, path: &std::path::Path) {
        let path = path.canonicalize().unwrap();
        let input = self
            .client
            .find(fantoccini::Locator::Css("#file"))
            .await
            .unwrap();
        input.send_keys(path.to_str().unwrap()).await.unwrap();
    }

    /// Loads a board typed into the Load view's text box.
    pub async fn load_text(&self, board: &str) {
        self.js(&format!(
            "document.getElementById('board-text').value = {};
             document.getElementById('load-message').textContent = '';",
            json!(board)
        ))
        .await;
        self.click("#load-text").await;
        self.wait(
            "the board",
            "document.getElementById('load-message').textContent.startsWith('Loaded')",
        )
        .await;
    }

    /// Loads a board whose search runs for long (`ENDLESS`), solves it and
    /// waits until the live counts show.
    pub async fn start_long_solve(&self) {
        self.click("#tab-load").await;
        self.load_text(crate::common::ENDLESS).await;
        self.view("watch").await;
        self.click("#solve").await;
        self.wait(
            "live counts",
            "/examined/.test(document.getElementById('progress-text').textContent)",
        )
        .await;
    }

    /// Opens Watch, solves, and waits for the answer's `moves`.
    pub async fn solve_in(&self, moves: u32) {
        self.view("watch").await;
        self.click("#solve").await;
        self.wait(
            "the answer",
            &format!(
                "document.getElementById('result').textContent.startsWith('Solved in {moves} moves')"
            ),
        )
        .await;
    }

    /// Waits until Play's move counter shows `count`.
    pub async fn wait_count(&self, count: u32) {
        self.wait(
            &format!("{count} moves played"),
            &format!("document.getElementById('play-count').textContent === '{count}'"),
        )
        .await;
    }

    /// Waits until play mode knows the legal moves of the position shown.
    pub async fn wait_for_moves(&self) {
        self.wait(
            "the legal moves",
            "document.getElementById('board').dataset.moves === 'ready'",
        )
        .await;
    }

    /// The centre of piece `label`'s first cell and the size of a cell, in
    /// viewport pixels.
    pub async fn piece_point(&self, label: &str) -> (f64, f64, f64) {
        let at = self
            .js(&format!(
                "const r = document.querySelector('.piece[data-label=\"{label}\"] rect').getBoundingClientRect();
                 const svg = document.querySelector('#board svg');
                 const cell = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * 100;
                 return [r.left + Math.min(r.width, r.height) / 2, r.top + Math.min(r.width, r.height) / 2, cell];"
            ))
            .await;
        (
            at[0].as_f64().unwrap(),
            at[1].as_f64().unwrap(),
            at[2].as_f64().unwrap(),
        )
    }

    /// Drags piece `label` by whole cells, as a person would: with the mouse
    /// on a desktop, with a finger on a phone.
    pub async fn drag(&self, label: &str, rows: i32, cols: i32) {
        let (x, y, cell) = self.piece_point(label).await;
        self.pointer_drag(x, y, cols as f64 * cell, rows as f64 * cell)
            .await;
    }

    /// Drags piece `label` in Play and waits until the page has handled the
    /// drag (played or refused it: `#board`'s `data-drags` count goes up).
    pub async fn drag_handled(&self, label: &str, rows: i32, cols: i32) {
        let count = "return Number(document.getElementById('board').dataset.drags || 0)";
        let before = self.js(count).await.as_u64().unwrap();
        self.drag(label, rows, cols).await;
        self.wait(
            "the drag handled",
            &format!(
                "Number(document.getElementById('board').dataset.drags || 0) === {}",
                before + 1
            ),
        )
        .await;
    }

    /// Drags the piece of a move as the API writes it (`{"piece",
    /// "direction", "distance"}`).
    pub async fn drag_move(&self, slide: &Value) {
        let distance = slide["distance"].as_i64().unwrap() as i32;
        let (rows, cols) = cells(slide["direction"].as_str().unwrap(), distance);
        self.drag(slide["piece"].as_str().unwrap(), rows, cols)
            .await;
    }

    /// Presses at (x, y), moves by (dx, dy) in three steps, and lets go.
    pub async fn pointer_drag(&self, x: f64, y: f64, dx: f64, dy: f64) {
        let step = |fraction: f64| PointerAction::MoveTo {
            duration: Some(Duration::from_millis(60)),
            x: (x + dx * fraction).round(),
            y: (y + dy * fraction).round(),
        };
        let down = PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        };
        let up = PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        };
        let moves = [step(0.0), down, step(0.3), step(0.7), step(1.0), up];
        match self.screen {
            Screen::Desktop => {
                let mut mouse = MouseActions::new("mouse".to_string());
                for action in moves {
                    mouse = mouse.then(action);
                }
                self.client.perform_actions(mouse).await.unwrap();
            }
            Screen::Phone(..) => {
                let mut finger = TouchActions::new("finger".to_string());
                for action in moves {
                    finger = finger.then(action);
                }
                self.client.perform_actions(finger).await.unwrap();
            }
        }
    }

    /// Clicks the centre of board cell (row, col).
    pub async fn click_cell(&self, row: usize, col: usize) {
        self.click(&format!(".cell[data-row=\"{row}\"][data-col=\"{col}\"]"))
            .await;
    }

    /// Saves a screenshot in the target directory and returns its path.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.unwrap();
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&path, png).unwrap();
        assert!(
            std::fs::metadata(&path).unwrap().len() > 10_000,
            "{name} is a real picture"
        );
        path
    }

    /// Runs axe-core's WCAG 2.1 A and AA rules on the page as it is and
    /// returns the serious and critical violations (rule, nodes).
    pub async fn serious_violations(&self) -> Vec<String> {
        let loaded = self.js("return typeof window.axe === 'object'").await;
        if loaded != Value::Bool(true) {
            let source = std::fs::read_to_string(AXE).unwrap_or_else(|_| {
                panic!("{AXE} is missing: install it with `npm ci --prefix crates/web/tests/axe`")
            });
            self.client.execute(&source, vec![]).await.unwrap();
        }
        let script = "const done = arguments[arguments.length - 1];
            axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
              .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)))
              .catch(e => done([`axe failed: ${e}`]));";
        let found = self.client.execute_async(script, vec![]).await.unwrap();
        serde_json::from_value(found).unwrap()
    }
}

/// A DevTools command, as chromedriver's `goog/cdp/execute` takes it.
#[derive(Debug)]
struct Cdp {
    command: String,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.command, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}
