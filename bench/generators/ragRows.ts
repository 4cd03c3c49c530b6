/**
 * RAGAS rows (question, retrieved contexts, response) one JSON line each,
 * made one at a time so a stream of any length can be generated without
 * holding it. Each context states a few facts (an amount, a date, a name, a
 * percentage); the response repeats some and, in a share of rows, changes
 * one, so the classifier meets grounded, unverified and contradicted values.
 * Deterministic for a given seed.
 */
import { prng } from './prng';

const COMPANIES = ['Acme', 'Borealis Freight', 'Cobalt Health', 'Dunmore Bank', 'Everfield Foods', 'Fjord Analytics', 'Granite Labs'];
const PEOPLE = ['Katarina Holm', 'Tomasz Nowak', 'Amara Okafor', 'Hiroshi Tanaka', 'Lucía Ferreira', 'Priya Raman'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export class RagRows {
  private readonly random: () => number;

  constructor(seed = 1) {
    this.random = prng(seed);
  }

  /** The next row as a line, newline included. */
  next(): string {
    const r = this.random;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const company = pick(COMPANIES);
    const person = pick(PEOPLE);
    const revenue = (1 + r() * 9).toFixed(1);
    const growth = Math.floor(r() * 40) + 2;
    const day = Math.floor(r() * 28) + 1;
    const month = pick(MONTHS);
    const year = 2018 + Math.floor(r() * 7);
    const stores = Math.floor(r() * 900) + 20;
    const contexts = [
      `${company} reported revenue of $${revenue}M for the quarter, up ${growth}% on the year before.`,
      `The results were announced by ${person} on ${month} ${day}, ${year}, at the annual meeting.`,
      `${company} operates ${stores} stores across the region and plans no further openings.`,
    ];
    const invented = r() < 0.3;
    const saidRevenue = invented ? (Number(revenue) + 0.3).toFixed(1) : revenue;
    const response = `${company} made $${saidRevenue}M, ${growth}% more than a year earlier, as ${person} announced on ${month} ${day}, ${year}; it runs ${invented ? stores + 11 : stores} stores.`;
    return `${JSON.stringify({ user_input: `How did ${company} do last quarter?`, retrieved_contexts: contexts, response })}\n`;
  }
}
