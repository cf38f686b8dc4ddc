// A reader for the subset of Dockerfile syntax this project's Dockerfile uses (FROM … AS, WORKDIR,
// COPY [--from=stage], RUN, ENV k=v, VOLUME, EXPOSE, HEALTHCHECK … CMD, CMD ["exec", "form"]).

/** Instructions with their continuation lines joined, comments dropped. */
function instructions(text) {
  const out = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!current && (line === "" || line.startsWith("#"))) continue;
    if (line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1).trim()} `;
      continue;
    }
    current += line;
    if (current.trim()) out.push(current.trim());
    current = "";
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

const envPairs = (rest) => {
  const vars = {};
  for (const match of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) {
    vars[match[1]] = match[2].replace(/^"|"$/g, "");
  }
  return vars;
};

/**
 * @typedef {{ op: "ENV"; vars: Record<string, string> } | { op: "RUN"; command: string } | { op: "COPY"; from: string | null; sources: string[]; target: string }} Step
 * @typedef {{ image: string; name: string | null; workdir: string; steps: Step[]; cmd: string[]; healthcheck: string | null }} Stage
 */

/** @param {string} text @returns {{ stages: Stage[] }} */
export function parseDockerfile(text) {
  /** @type {Stage[]} */
  const stages = [];
  /** @type {Stage} */
  let stage;
  for (const line of instructions(text)) {
    const [op, ...parts] = line.split(/\s+/);
    const rest = line.slice(op.length).trim();
    switch (op.toUpperCase()) {
      case "FROM": {
        const as = /\s+AS\s+(\S+)$/i.exec(rest);
        stage = { image: parts[0], name: as ? as[1] : null, workdir: "/", steps: [], cmd: [], healthcheck: null };
        stages.push(stage);
        break;
      }
      case "WORKDIR":
        stage.workdir = rest;
        break;
      case "ENV":
        stage.steps.push({ op: "ENV", vars: envPairs(rest) });
        break;
      case "RUN":
        stage.steps.push({ op: "RUN", command: rest });
        break;
      case "COPY": {
        const args = parts.filter((p) => !p.startsWith("--"));
        const from = parts.find((p) => p.startsWith("--from="))?.slice("--from=".length) ?? null;
        stage.steps.push({ op: "COPY", from, sources: args.slice(0, -1), target: args.at(-1) });
        break;
      }
      case "CMD":
        stage.cmd = JSON.parse(rest);
        break;
      case "HEALTHCHECK": {
        const cmd = /\bCMD\s+(.*)$/.exec(rest);
        stage.healthcheck = cmd ? cmd[1] : null;
        break;
      }
      case "VOLUME":
      case "EXPOSE":
        break;
      default:
        throw new Error(`Dockerfile instruction not understood by the check: ${op}`);
    }
  }
  return { stages };
}

/** The README's first two shell commands: install-and-start, then the tests. @param {string} text */
export function readmeCommands(text) {
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].split("\n")[0].replace(/#.*$/, "").trim());
  return { install: blocks[0] ?? "", test: blocks[1] ?? "" };
}
