/**
 * Which answers to a write the server keeps for its Idempotency-Key and gives again to a resend:
 * the write's own outcome (a success or a refusal), not a passing state of the caller's session
 * (401), of its patience (408), of the rate limit (429) or of the server (5xx). The web app keeps a
 * key for the next try until it gets such an answer.
 */
export function isKeptAnswer(status: number): boolean {
  return status < 500 && status !== 401 && status !== 408 && status !== 429;
}
