/** The spellings of one feature's name in every layer, from the one lower-camel-case word the scaffold is given. */
export interface FeatureNames {
  /** The feature, as its folders are named: `bookmarks`. */
  feature: string;
  /** Its record, lower camel case: `bookmark` (also its channel and its id kind, `ids.next('bookmark')`). */
  record: string;
  /** Its record, for types and events: `Bookmark`. */
  Record: string;
  /** Its record, for components: the feature capitalised, `Bookmarks`. */
  Feature: string;
  /** Constants: `BOOKMARKS`, `BOOKMARK`. */
  FEATURE: string;
  RECORD: string;
  /** The API's path segment: `bookmarks` (`quick-notes` for quickNotes). */
  path: string;
  /** The read model's table: `bookmarks` (`quick_notes`). */
  table: string;
  /** Its id migration's name: `bookmark` (`quick_note`); the id kind is `record`. */
  sequence: string;
}

const words = (camel: string) => camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One lower-camel-case word, at least three letters, e.g. `bookmarks` or `quickNotes`. */
export const FEATURE_NAME = /^[a-z][a-z]+(?:[A-Z][a-z]+)*$/;

export function featureNames(feature: string): FeatureNames {
  if (!FEATURE_NAME.test(feature)) throw new Error(`"${feature}" is not a feature name: one lower-camel-case word of letters, e.g. bookmarks or quickNotes`);
  const record = feature.endsWith('ies') ? `${feature.slice(0, -3)}y` : feature.endsWith('s') && !feature.endsWith('ss') ? feature.slice(0, -1) : `${feature}Item`;
  return {
    feature,
    record,
    Record: capital(record),
    Feature: capital(feature),
    FEATURE: words(feature).join('_').toUpperCase(),
    RECORD: words(record).join('_').toUpperCase(),
    path: words(feature).join('-'),
    table: words(feature).join('_'),
    sequence: words(record).join('_'),
  };
}
