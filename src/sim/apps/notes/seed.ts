// The notes a fresh install starts with, drawn from the phone's seeded random numbers.
import type { Random } from '../../types.js';

export interface Note {
  id: number;
  title: string;
  body: string;
  pinned: boolean;
  starred: boolean;
  /** Epoch ms of the last edit. */
  editedAt: number;
}

/** Every note's title, unique: a test can tell a note's title from the rest of its row. */
export const NOTE_TITLES: readonly string[] = [
  'Groceries',
  'Meeting notes',
  'Trip to Lisbon',
  'Book list',
  'Gift ideas',
  'Workout plan',
  'Recipe: lentil soup',
  'Quarterly goals',
  'Car service',
  'Passwords to change',
  'Garden',
  'Podcast ideas',
  'Birthday party',
  'Movies to watch',
  'Apartment checklist',
  'Dentist',
  'Budget March',
  'Team offsite',
  'Packing list',
  'Japanese phrases',
  'Bike repair',
  'Interview questions',
  'Wedding speech',
  'Coffee beans to try',
  'Sprint retro',
  'House plants',
  'Tax documents',
  'Camping trip',
  'Piano practice',
  'Conference talks',
  'Home network',
  'Kids activities',
  'Blog post draft',
  'Weekend chores',
  'Restaurant list',
  'Vaccination record',
  'Side project',
  'Moving boxes',
  'Running log',
  'Phone backup',
  'Holiday cards',
  'Guitar chords',
  'Reading notes',
  'Dinner party menu',
  'Library returns',
];

const FIRST_LINES = [
  'Milk, eggs, spinach, oat flour and coffee',
  'Remember to ask about the release date',
  'Flight leaves at 7:40 from gate B12',
  'Finish chapter 4 before Friday',
  'Call the garage to confirm the booking',
  'Three sets of ten, rest 90 seconds',
  'Soak the lentils overnight',
  'Draft the proposal and share it with Sam',
  'Water the tomatoes every other day',
  'Pick up the parcel from the post office',
  'Book a table for six people',
  'Check the warranty on the dishwasher',
  'Renew the passport before June',
  'Send the slides to the whole team',
  'Buy batteries for the smoke alarm',
  'Try the new route along the river',
  'Ask Mia for her banana bread recipe',
  'Move the old photos to the NAS',
  'Compare prices before ordering',
  'Bring the blue folder to the meeting',
];

const MORE_LINES = [
  'Nothing urgent, but do it this week.',
  'Links are in the shared folder.',
  'Total so far: $142.50',
  'See the photo from Tuesday.',
  'Ask again if there is no answer by Monday.',
  'Keep the receipt.',
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** 45 notes with seeded bodies, dates, pins and favourites; titles are unique. */
export function seedNotes(random: Random, now: number): Note[] {
  const titles = [...NOTE_TITLES];
  for (let i = titles.length - 1; i > 0; i--) {
    const j = random.int(0, i + 1);
    [titles[i], titles[j]] = [titles[j], titles[i]];
  }
  let editedAt = now - random.int(5, 120) * 60 * 1000;
  return titles.map((title, index) => {
    const first = FIRST_LINES[random.int(0, FIRST_LINES.length)];
    const more = MORE_LINES[random.int(0, MORE_LINES.length)];
    const note: Note = {
      id: index + 1,
      title,
      body: `${first}\n${more}`,
      pinned: index < 2,
      starred: random.next() < 0.25,
      editedAt,
    };
    editedAt -= random.int(1, 4) * DAY_MS + random.int(0, 12 * 60) * 60 * 1000;
    return note;
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "14:05" for today, "Mar 4" for earlier dates (UTC, as the phone's timezone is UTC). */
export function formatEdited(at: number, now: number): string {
  const date = new Date(at);
  const today = new Date(now);
  if (date.toISOString().slice(0, 10) === today.toISOString().slice(0, 10)) return date.toISOString().slice(11, 16);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

export function firstLine(body: string): string {
  return body.split('\n')[0] ?? '';
}
