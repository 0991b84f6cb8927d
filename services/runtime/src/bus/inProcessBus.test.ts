import { busContract } from './contract.js';
import { InProcessBus } from './inProcessBus.js';

busContract('in-process', async () => new InProcessBus());
