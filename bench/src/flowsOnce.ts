import { flowSteps } from './flows.js';
const r = await flowSteps(process.argv[2]!, { executions: Number(process.argv[3] ?? 2000), log: console.log });
console.log(JSON.stringify(r));
process.exit(0);
