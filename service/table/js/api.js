// Calls to the service on the page's own origin (no CORS needed): JSON in, JSON or a picture out. A problem
// answer (RFC 9457) is thrown as an ApiProblem carrying its status and its `errors` (each with a JSON pointer).

export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.errors = Array.isArray(problem.errors) ? problem.errors : [];
  }
}

async function send(path, body, accept) {
  const init = body === undefined ? { headers: { Accept: accept } }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: accept }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  if (!response.ok) {
    let problem = { title: response.statusText };
    try {
      problem = await response.json();
    } catch {
      // not a problem+json body (a proxy's page): the status says enough
    }
    throw new ApiProblem(response.status, problem);
  }
  return response;
}

export async function getJson(path) {
  return (await send(path, undefined, "application/json")).json();
}

export async function postJson(path, body) {
  return (await send(path, body, "application/json")).json();
}

/** A picture of the answer (`format` "png" or "svg") as a Blob. */
export async function postPicture(path, body, format) {
  return (await send(`${path}?format=${format}`, body, format === "png" ? "image/png" : "image/svg+xml")).blob();
}
