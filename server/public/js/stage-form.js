// @ts-check
// The optional stages in the Analysis form: how many lessons memory gives the Decision agent, how many debate rounds,
// and the risk levels switch, read into the request's `stages` (nothing when all are off), with limits from the page
// config; and the progress steps a run with them takes, in order, labelled as the config says.
import { byId } from "./dom.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */
/** @typedef {import("./wire-types.js").StepEntry} StepEntry */
/**
 * A step of a run as the progress views list it: one of the config's pipeline steps, a stage's (memory, a debate
 * turn, risk), or any step the server streams (a plugin's analyst, a replay's reflection).
 * @typedef {Omit<StepEntry, "id"> & {id: string}} RunStep
 */
/** @typedef {import("./wire-types.js").Stages} Stages */

/**
 * A whole number in [0, max] from a number input; an error that names the field otherwise.
 * @param {HTMLInputElement} input
 * @param {string} name
 * @param {number} max
 */
function count(input, name, max) {
  const text = input.value.trim();
  if (text === "") return 0;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw Object.assign(new Error(`${name} must be a whole number from 0 (off) to ${max}.`), {
      code: "invalid_request",
    });
  return value;
}

/**
 * Sets the inputs' limits from the config, and hides the stages where the server has none.
 * @param {PageConfig} config
 */
export function setUpStageForm(config) {
  const fieldset = byId("stages-fieldset");
  if (!config.stages) {
    fieldset.hidden = true;
    return;
  }
  byId("memory-lessons", HTMLInputElement).max = String(config.stages.max_lessons);
  byId("debate-rounds", HTMLInputElement).max = String(config.stages.max_rounds);
}

/**
 * The stages the form asks for; undefined when none (the server's defaults, all off, then apply).
 * @param {PageConfig} config
 * @returns {Stages | undefined}
 */
export function stagesFromForm(config) {
  if (!config.stages) return undefined;
  const lessons = count(byId("memory-lessons", HTMLInputElement), "Memory lessons", config.stages.max_lessons);
  const rounds = count(byId("debate-rounds", HTMLInputElement), "Debate rounds", config.stages.max_rounds);
  const risk = byId("risk-levels", HTMLInputElement).checked;
  /** @type {Stages} */
  const stages = {};
  if (lessons > 0) stages.memory = { lessons };
  if (rounds > 0) stages.debate = { rounds };
  if (risk) stages.risk = {};
  return Object.keys(stages).length > 0 ? stages : undefined;
}

/**
 * The label of a stage step ("Bull researcher, round 2"); undefined for the agents' own steps.
 * @param {PageConfig} config
 * @param {string} step
 */
export function stageStepLabel(config, step) {
  const labels = config.stages?.steps;
  if (!labels) return undefined;
  const turn = /^(bull|bear)-(\d+)$/.exec(step);
  if (turn) return `${labels[/** @type {"bull" | "bear"} */ (turn[1])].label}, round ${turn[2]}`;
  if (step === "memory" || step === "risk" || step === "reflection") return labels[step].label;
  return undefined;
}

/**
 * The steps of a run with these stages: memory and the debate's turns before the Decision agent, risk after it. (A
 * replay's reflection joins the list when it starts.)
 * @param {PageConfig} config
 * @param {Stages | undefined} stages
 * @returns {RunStep[]}
 */
export function stepsForRun(config, stages) {
  const labels = config.stages?.steps;
  if (!stages || !labels) return config.steps;
  /** @type {RunStep[]} */
  const before = [];
  if (stages.memory) before.push({ id: "memory", ...labels.memory });
  for (let round = 1; round <= (stages.debate?.rounds ?? 0); round += 1) {
    for (const side of /** @type {const} */ (["bull", "bear"])) {
      const id = `${side}-${round}`;
      before.push({ id, label: stageStepLabel(config, id) ?? id, detail: labels[side].detail });
    }
  }
  /** @type {RunStep[]} */
  const after = stages.risk ? [{ id: "risk", ...labels.risk }] : [];
  return config.steps.flatMap((step) => (step.id === "decision" ? [...before, step, ...after] : [step]));
}
