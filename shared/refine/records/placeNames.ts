/**
 * Place names written in their standard short forms: street types as postal
 * services abbreviate them (`State Street` ⇄ `State St`, `Linden Avenue` ⇄
 * `Linden Ave`) and US states as their postal codes (`California` ⇄ `CA`).
 * These are the standard abbreviation tables, not learned from any data.
 */

// biome-ignore format: a list of words or values reads best packed
const STREET_TYPES: ReadonlyArray<[string, string]> = [
  ['Street', 'St'], ['Avenue', 'Ave'], ['Boulevard', 'Blvd'], ['Road', 'Rd'], ['Drive', 'Dr'], ['Lane', 'Ln'],
  ['Place', 'Pl'], ['Court', 'Ct'], ['Highway', 'Hwy'], ['Parkway', 'Pkwy'], ['Square', 'Sq'], ['Terrace', 'Ter'],
];

// biome-ignore format: a list of words or values reads best packed
const STATES: ReadonlyArray<[string, string]> = [
  ['Alabama', 'AL'], ['Alaska', 'AK'], ['Arizona', 'AZ'], ['Arkansas', 'AR'], ['California', 'CA'], ['Colorado', 'CO'],
  ['Connecticut', 'CT'], ['Delaware', 'DE'], ['Florida', 'FL'], ['Georgia', 'GA'], ['Hawaii', 'HI'], ['Idaho', 'ID'],
  ['Illinois', 'IL'], ['Indiana', 'IN'], ['Iowa', 'IA'], ['Kansas', 'KS'], ['Kentucky', 'KY'], ['Louisiana', 'LA'],
  ['Maine', 'ME'], ['Maryland', 'MD'], ['Massachusetts', 'MA'], ['Michigan', 'MI'], ['Minnesota', 'MN'],
  ['Mississippi', 'MS'], ['Missouri', 'MO'], ['Montana', 'MT'], ['Nebraska', 'NE'], ['Nevada', 'NV'],
  ['New Hampshire', 'NH'], ['New Jersey', 'NJ'], ['New Mexico', 'NM'], ['New York', 'NY'], ['North Carolina', 'NC'],
  ['North Dakota', 'ND'], ['Ohio', 'OH'], ['Oklahoma', 'OK'], ['Oregon', 'OR'], ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'], ['South Carolina', 'SC'], ['South Dakota', 'SD'], ['Tennessee', 'TN'], ['Texas', 'TX'],
  ['Utah', 'UT'], ['Vermont', 'VT'], ['Virginia', 'VA'], ['Washington', 'WA'], ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'], ['Wyoming', 'WY'],
];

/** Other standard spellings of a place name (none when it is not one). */
export function placeSpellings(name: string): string[] {
  const out: string[] = [];
  for (const [long, short] of STATES) {
    if (name === long) out.push(short);
    else if (name === short) out.push(long);
  }
  const space = name.lastIndexOf(' ');
  if (space > 0) {
    const head = name.slice(0, space);
    const last = name.slice(space + 1).replace(/\.$/, '');
    for (const [long, short] of STREET_TYPES) {
      if (last === long) out.push(`${head} ${short}`, `${head} ${short}.`);
      else if (last === short) out.push(`${head} ${long}`);
    }
  }
  return out;
}
