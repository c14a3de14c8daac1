/** The unit project of jest.config.js alone (`npm run test:unit`): the tests that need neither PostgreSQL nor Redis. */
import base from './jest.config.js';

export default { ...base, projects: base.projects.filter((project) => project.displayName === 'unit') };
