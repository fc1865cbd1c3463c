import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { CONTACT_ACTIONS, contactFeature as mountContact } from '.';
import { createContactService } from './service';

/** The Contact Us form and its requests. */
export const contactFeature = declareFeature({
  name: 'contact',
  actions: CONTACT_ACTIONS,
  mount: (s: Services) =>
    mountContact({
      kit: s.kit,
      contact: createContactService({ db: s.database.db, salesEmail: s.config.salesEmail }),
    }),
});
