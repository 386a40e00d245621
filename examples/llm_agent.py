"""Run the LLM agent on a task against an OpenAI-compatible chat-completions endpoint.

    .venv/bin/python examples/llm_agent.py --base-url http://127.0.0.1:8000/v1 --model qwen2.5-7b

Any server that speaks the chat-completions API works (vLLM, Ollama, llama.cpp's server, a
hosted one with ``--api-key`` or ``OPENAI_API_KEY``). Each step prints what the model
answered and what the env said of it.
"""

from __future__ import annotations

import argparse

from mobile_gym.agents.llm import LLMAgent
from mobile_gym.registration import make_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True, help="e.g. http://127.0.0.1:8000/v1")
    parser.add_argument("--model", required=True)
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--task", default="settings.wifi_off")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    agent = LLMAgent(model=args.model, base_url=args.base_url, api_key=args.api_key)
    env = make_env(args.task, action_space=agent.action_space, observation=agent.observation)
    observation, info = env.reset(seed=args.seed)
    agent.reset(info["instruction"], info, seed=args.seed)
    print(f"task: {info['instruction']}")
    done, actions = False, 0
    while not done:
        action = agent.act(observation, info)
        observation, reward, terminated, truncated, info = env.step(action)
        done, actions = terminated or truncated, actions + 1
        said = info.get("action_error") or "ok"
        print(f"{agent.last_output!r} -> reward {reward:.2f}, {said}")
    print("success" if info.get("success") else "no success", f"after {actions} actions")
    env.close()


if __name__ == "__main__":
    main()
