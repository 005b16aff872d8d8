/**
 * 1,000 deterministic `clients`-like records for the stock react-admin baseline: a
 * linear congruential generator, so every build and run holds the same data.
 */
export interface StockClient {
  id: number;
  name: string;
  email: string;
  city: string;
  vatNumber: string;
  createdAt: string;
  active: boolean;
}

const CITIES = ['London', 'Paris', 'Berlin', 'Madrid', 'Rome', 'Vienna', 'Lisbon', 'Dublin'];
const WORDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne'];

/** `count` records, ids 1..count. */
export function stockClients(count = 1000): StockClient[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const name = `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`;
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 1800) * 86_400_000);
    return {
      id: i + 1,
      name,
      email: `contact${i + 1}@example.com`,
      city: pick(CITIES),
      vatNumber: `GB${String(Math.floor(next() * 1e9)).padStart(9, '0')}`,
      createdAt: day.toISOString().slice(0, 10),
      active: next() > 0.3,
    };
  });
}
