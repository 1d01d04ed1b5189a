//! What the examples that measure a sample of a run's units share: the
//! arguments `SIZE MAX_WALLS STEP` and the units they sample.

use unblocker_gen::rush::Generator;

/// The run a sample is taken from: its generator and sampling step.
pub struct SampledRun {
    pub generator: Generator,
    pub size: usize,
    pub walls: usize,
    pub step: usize,
}

impl SampledRun {
    /// From the arguments `SIZE MAX_WALLS STEP`; exits with `usage` and the
    /// problem when they are not that.
    pub fn from_args(args: &[String], usage: &str) -> SampledRun {
        let numbers: Vec<usize> = args
            .iter()
            .map(|a| a.parse())
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| fail(usage, &format!("{e}")));
        let [size, walls, step] = numbers[..] else {
            fail(usage, "three arguments");
        };
        if step == 0 {
            fail(usage, "a step of at least 1");
        }
        let generator = Generator::new(size, walls).unwrap_or_else(|e| fail(usage, &e.to_string()));
        SampledRun {
            generator,
            size,
            walls,
            step,
        }
    }

    /// The sampled units: every `step`th, from unit 7 (or 0 for steps up
    /// to 7).
    pub fn units(&self) -> impl Iterator<Item = usize> {
        (7 % self.step..self.generator.units()).step_by(self.step)
    }
}

/// Exits with the usage line and what is wrong.
pub fn fail(usage: &str, problem: &str) -> ! {
    eprintln!("{usage}: {problem}");
    std::process::exit(2)
}
