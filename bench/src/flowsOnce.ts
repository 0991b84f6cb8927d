import { flowSteps } from './flows.js';
const r = await flowSteps(process.argv[2]!, { executions: Number(process.argv[3] ?? 2000), log: console.log, separateJobs: process.argv[4] === 'split' });
console.log(JSON.stringify(r));
process.exit(0);
