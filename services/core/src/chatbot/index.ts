export * from './chatbot.js';
