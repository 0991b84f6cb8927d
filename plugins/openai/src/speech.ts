/**
 * Text to speech, for answers sent as voice notes. The port is what the chat performer needs; the Azure adapter is
 * the one real implementation, kept thin because it cannot be exercised here (it needs Azure's service): the
 * performer's tests use a fake port.
 */
export interface SpeechVoice {
  /** Azure's voice name, `pt-BR-FranciscaNeural`. */
  name: string;
  /** The speech service's key, in clear (the performer resolved the block's reference). */
  key: string;
  /** The speech service's region, `brazilsouth`. */
  region: string;
}

export interface SpeechAudio {
  data: Uint8Array;
  mimeType: string;
  /** The file name's extension, for storing it. */
  extension: string;
}

export interface SpeechPort {
  synthesize(text: string, voice: SpeechVoice, signal: AbortSignal): Promise<SpeechAudio>;
}

/**
 * Azure's neural voices through microsoft-cognitiveservices-speech-sdk, as Ogg/Opus (what WhatsApp plays as a voice
 * note). The SDK is large, so it is loaded on the first synthesis rather than when the plugin is discovered.
 */
export const azureSpeech: SpeechPort = {
  async synthesize(text, voice, signal) {
    const sdk = await import('microsoft-cognitiveservices-speech-sdk');
    const config = sdk.SpeechConfig.fromSubscription(voice.key, voice.region);
    config.speechSynthesisVoiceName = voice.name;
    config.speechSynthesisOutputFormat = sdk.SpeechSynthesisOutputFormat.Ogg16Khz16BitMonoOpus;
    // No audio output device: the audio comes back in the result.
    const synthesizer = new sdk.SpeechSynthesizer(config, null);
    try {
      const result = await new Promise<InstanceType<typeof sdk.SpeechSynthesisResult>>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('speech: aborted')), { once: true });
        synthesizer.speakTextAsync(text, resolve, (error) => reject(new Error(`speech: ${error}`)));
      });
      if (result.reason !== sdk.ResultReason.SynthesizingAudioCompleted) throw new Error(`speech: ${result.errorDetails || 'no audio'}`);
      return { data: new Uint8Array(result.audioData), mimeType: 'audio/ogg; codecs=opus', extension: 'ogg' };
    } finally {
      synthesizer.close();
    }
  },
};
